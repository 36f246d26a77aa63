import type { ExampleLoan } from '../rates/example';
import type { SiteContent } from './schema';

/**
 * The representative example's loan: $400,000 with 20% down (the blog's typical 20-25%), repaid
 * as a construction loan is, in 12 interest-only payments (the first sample rate's shortest term)
 * and the balance at the end. At the first sample rate, 6.75%, each payment is $2,250.
 */
export const defaultExampleLoan: ExampleLoan = {
  loanAmount: 400_000,
  downPaymentPercent: 20,
  termMonths: 12,
  payments: 'interest-only',
};

/**
 * The content a fresh install starts with: the spec's texts and figures, and real copy where the
 * spec names only a field. The owner edits all of it from the admin or in place.
 */
/** The visitor's auto-reply (content version 3): on, but silent until the owner enters the postal address. */
/** The calculators' defaults (content version 4): the limits the issue names, 1 point of fees. */
export const defaultCalculatorSettings: SiteContent['calculators'] = { ltcPercent: 90, ltvPercent: 80, pointsPercent: 1 };

export const defaultAutoReply: SiteContent['autoReply'] = {
  enabled: true,
  subject: 'We received your request',
  paragraphs: [
    'Thank you for contacting us. This e-mail confirms that your request reached us, and a loan officer is reviewing it now.',
  ],
  nextStep:
    'A loan officer will call or e-mail you within one business day to talk about your project. If you have a question before then, reply to this e-mail or call us.',
  postalAddress: '',
};

/** The privacy notice's section on the attribution cookie (lib/attribution/visit.ts; content version 3). */
export const attributionCookieNotice = {
  heading: 'Cookies and where you came from',
  body: 'We use no advertising or tracking cookies, and no third party receives anything about your visits. When you arrive from another website, or through a link of one of our campaigns (one carrying utm_ tags or an ad click id such as gclid, fbclid or msclkid), our own server sets one first-party cookie, clp_src. It records those tags, the name of the referring website (not the page) and the page you landed on, for your first and your latest such visit. It is kept for 90 days, cannot be read by scripts, is never sent to anyone else, and is stored with a form you send us so that we know which of our campaigns and partners bring people to us. You can delete it in your browser at any time; the site works the same without it.',
};

export const defaultContent: SiteContent = {
  meta: {
    home: {
      title: 'Construction & Land Loans Nationwide | Construction Loan Pros',
      description:
        'Construction, remodeling, owner-builder and land loans in all 50 states. 40+ years of experience, up to 95% financing and a free qualification review.',
    },
    rates: {
      title: "Today's Construction Loan Rates | Construction Loan Pros",
      description:
        'Current rates and APRs for residential construction, remodeling, owner-builder and land loans, updated whenever the market moves.',
    },
    blog: {
      title: 'Construction Loan Guides & News | Construction Loan Pros',
      description:
        'Plain-English guides to financing a custom home, a major remodel or a land purchase: down payments, contingencies, credit and draw schedules.',
    },
    ebook: {
      title: "Free Ebook: The Construction Loan Borrower's Guide",
      description:
        'Download our free guide to qualifying for a construction loan, budgeting your build and choosing a builder, written by brokers with 40+ years in the field.',
    },
  },
  header: {
    title: 'Construction Loan Pros',
    subtitle: 'Nationwide Construction & Land Financing',
  },
  contact: {
    phone: '1-800-555-0199',
    tollFreePhone: '1-800-555-0199',
    email: 'loans@example.com',
    hours: 'Monday to Friday, 8am to 7pm Eastern; Saturday by appointment',
  },
  company: {
    legalName: 'Construction Loan Pros',
    nmlsId: '1234567',
    equalHousingStatement:
      'Equal Housing Opportunity. We do business in accordance with the Fair Housing Act and the Equal Credit Opportunity Act. We do not discriminate on the basis of race, color, religion, national origin, sex, handicap, familial status, marital status, age or receipt of public assistance.',
    serviceArea: 'Serving borrowers in all 50 states',
  },
  hero: {
    title: 'Build Your Dream Home with <span class="text-accent">Construction Loan</span> Experts',
    subtitle:
      'From the first survey stake to the final walkthrough, we match you with construction, remodeling, owner-builder and land loans nationwide, with up to 95% financing and over 40 years of experience behind every file.',
    primaryButton: 'Start Qualification',
    secondaryButton: 'Get Free Consultation',
    features: ['Free Service', '50% Max DTI', 'Quick Approval'],
    badge: '40 Years Experience',
    imageUrl: '/images/hero-home-construction.svg',
    imageAlt: 'A new two-story home under construction, its timber frame rising beside a finished front porch',
  },
  stats: {
    items: [
      { value: '40+', label: 'Years Experience' },
      { value: '5000+', label: 'Loans Approved' },
      { value: '50%', label: 'Max Debt-to-Income' },
      { value: '24hr', label: 'Response Time' },
    ],
  },
  loanTypes: {
    title: 'Construction Loan Programs',
    subtitle:
      'Whether you are building from the ground up, transforming the home you have or buying the lot first, there is a program built for your project.',
    loans: [
      {
        id: 'residential-construction',
        icon: 'Home',
        title: 'Residential Construction Loans',
        description:
          'One loan that pays your builder in draws as the work is done, then converts to a permanent mortgage when your home is finished.',
        features: ['Up to 95% financing', 'One-time close available', 'Interest-only during construction'],
      },
      {
        id: 'major-remodeling',
        icon: 'Wrench',
        title: 'Major Remodeling Loans',
        description:
          'Finance a major renovation or addition against the value your home will have when the work is complete, not just what it is worth today.',
        features: ['Based on after-renovation value', 'Additions, gut rehabs and rebuilds', 'Draws released as work is done'],
      },
      {
        id: 'owner-builder',
        icon: 'User',
        title: 'Owner-Builder Loans',
        description:
          'Licensed contractors and experienced owner-builders can act as their own general contractor and keep the builder margin as equity.',
        features: [
          'Be your own general contractor',
          'Builder margin becomes equity',
          'Programs for licensed and unlicensed builders',
        ],
      },
      {
        id: 'land',
        icon: 'Map',
        title: 'Land Loans',
        description:
          'Buy the lot now and build when you are ready, or roll the land into your construction loan so you close once.',
        features: ['Raw and improved lots', 'Terms of 3 to 5 years', 'Land equity counts toward your down payment'],
      },
    ],
  },
  process: {
    title: 'Simple 4-Step Process',
    subtitle: 'We do the legwork so you can focus on your plans. Most borrowers hear back within 24 hours.',
    steps: [
      {
        title: 'Complete Questionnaire',
        description: 'Tell us about your project, your land and your finances in a short two-step application.',
      },
      {
        title: 'Qualification Review',
        description: 'We review income, assets and credit against lender guidelines, with up to 50% max debt-to-income.',
      },
      {
        title: 'Document Preparation',
        description: 'We assemble plans, budget, builder details and your financials into a file lenders say yes to.',
      },
      {
        title: 'Lender Submission',
        description: 'As a premium service, we submit your file to the lenders best suited to your project and negotiate terms.',
      },
    ],
    buttonText: 'Start Your Qualification Now',
  },
  testimonials: {
    title: 'What Our Borrowers Say',
    subtitle: 'Thousands of families have built, remodeled and bought land with our help.',
    reviews: [
      {
        id: 'review-1',
        name: 'Michael & Sarah T.',
        location: 'Boise, ID',
        text: 'Two banks turned us down because we were building on rural acreage. They found a lender who understood the project, and we moved into our new home eleven months later.',
        rating: 5,
      },
      {
        id: 'review-2',
        name: 'David R.',
        location: 'Asheville, NC',
        text: 'As an owner-builder I expected a fight. Instead I got a clear list of what lenders needed, a realistic budget and a loan that closed in under six weeks.',
        rating: 5,
      },
      {
        id: 'review-3',
        name: 'Jennifer L.',
        location: 'Austin, TX',
        text: 'Our remodel grew into a full second story. They restructured the loan around the finished value and kept every draw on schedule.',
        rating: 5,
      },
    ],
  },
  pricing: {
    title: 'Simple, Transparent Pricing',
    subtitle: 'Start with a free consultation. Choose a premium plan only when you want us to take your file to lenders.',
    freePlan: {
      title: 'Free Consultation Plan',
      description:
        'Talk through your project with a construction loan specialist, get a qualification review and learn which programs fit, at no cost and with no obligation.',
      features: ['Free qualification review', 'Program and budget guidance', 'No obligation'],
      buttonText: 'Call for a Free Consultation',
    },
    plans: [
      {
        id: 'standard',
        name: 'Standard Plan',
        description: 'For loans under $1M',
        price: '$495',
        priceSuffix: 'one-time',
        features: [
          { id: 'standard-1', text: 'Lender submission' },
          { id: 'standard-2', text: 'Guaranteed approval' },
          { id: 'standard-3', text: 'Priority support' },
        ],
        buttonText: 'Choose Standard',
        highlight: false,
      },
      {
        id: 'jumbo',
        name: 'Jumbo Plan',
        description: 'For loans over $1M',
        price: '$995',
        priceSuffix: 'one-time',
        features: [
          { id: 'jumbo-1', text: 'Lender submission to jumbo specialists' },
          { id: 'jumbo-2', text: 'Guaranteed approval' },
          { id: 'jumbo-3', text: 'Priority support' },
          { id: 'jumbo-4', text: 'Dedicated loan coordinator' },
        ],
        buttonText: 'Choose Jumbo',
        highlight: true,
      },
    ],
  },
  cta: {
    title: 'Ready to Break Ground?',
    subtitle:
      'Find out what you qualify for in minutes. It is free, there is no obligation, and a specialist will respond within 24 hours.',
    cta: 'Apply Now',
    callButton: 'Call Us',
  },
  ratesTeaser: {
    title: "Today's Rates",
    subtitle: 'Competitive rates on construction, remodeling, owner-builder and land loans, updated as the market moves.',
    buttonText: 'View All Rates',
  },
  ebook: {
    badge: 'Free Ebook',
    title: "The Construction Loan Borrower's Guide",
    description:
      'Everything we wish every borrower knew before breaking ground: how lenders size a construction loan, what down payment and contingency to plan for, and how to choose a builder lenders trust.',
    features: [
      'How much you need down (typically 20-25%)',
      'Budgeting a 10-15% contingency reserve',
      'The credit profile lenders look for (720+)',
      'Owner-builder requirements and pitfalls',
      'How draw schedules and inspections work',
    ],
    imageUrl: '/images/ebook-cover.svg',
    imageAlt: "Cover of the free ebook The Construction Loan Borrower's Guide",
    buttonText: 'Download Now',
  },
  rates: {
    title: 'Current Construction Loan Rates',
    subtitle: 'Indicative rates for well-qualified borrowers. Your rate depends on your credit, down payment and project.',
    disclaimerTitle: 'Important Rate Information',
    disclaimerText:
      'Rates and APRs shown are for illustration only, are not a commitment to lend and may change without notice. The annual percentage rate (APR) reflects the interest rate plus certain fees. Actual terms depend on credit score, loan-to-value, property type, occupancy, loan amount and lender guidelines. All loans are subject to credit approval and property appraisal.',
    example: defaultExampleLoan,
  },
  footer: {
    description:
      'Nationwide construction, remodeling, owner-builder and land loan specialists. For over 40 years we have helped borrowers finance the homes they build.',
  },
  autoReply: defaultAutoReply,
  calculators: defaultCalculatorSettings,
  legal: {
    privacy: {
      title: 'Privacy Policy',
      updated: 'November 2026',
      sections: [
        {
          heading: 'What we collect',
          body: 'When you request a consultation, apply, contact us or download our ebook, we collect the details you enter: your name, e-mail address, phone number and information about your project and finances. We also keep the page you submitted from and the time.',
        },
        attributionCookieNotice,
        {
          heading: 'How we use it',
          body: 'We use your information only to answer your request, review your qualification and, with your permission, present your file to lenders. We do not sell your personal information.',
        },
        {
          heading: 'Calls and texts',
          body: 'We call or text you only about your request, and automated calls or texts only when you have given express consent, which you may withdraw at any time by replying STOP or telling us.',
        },
        {
          heading: 'Your choices',
          body: 'You may ask us to see, correct or delete the information we hold about you by calling or e-mailing us. Financial information is handled under the Gramm-Leach-Bliley Act privacy rules.',
        },
      ],
    },
    licenses: {
      title: 'Licenses & Disclosures',
      updated: 'November 2026',
      sections: [
        {
          heading: 'NMLS',
          body: 'Construction Loan Pros is a mortgage broker registered with the Nationwide Multistate Licensing System (NMLS ID 1234567). You can verify our licenses at NMLS Consumer Access.',
        },
        {
          heading: 'State licenses',
          body: 'We arrange loans in every state where we hold the required license or registration. State license numbers are listed in our NMLS Consumer Access record.',
        },
        {
          heading: 'Not a commitment to lend',
          body: 'We are a broker, not a lender. Information on this site is not an offer or commitment to lend. All loans are subject to lender approval.',
        },
      ],
    },
  },
};
