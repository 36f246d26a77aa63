import { z } from 'zod';
import { EXAMPLE_PAYMENTS } from '../rates/example';

/**
 * The whole editable site-content tree (spec section 3), validated on every read and write.
 * Shared by the server and the admin editor, so both apply the same rules. A field's hint for the
 * editor is given with it (`.meta({ hint })`, read by ./field-rules.ts), last in its chain: a zod
 * method called after `.meta()` returns a schema without it.
 */

const line = (max = 200) => z.string().trim().min(1, { error: 'This field is required.' }).max(max);
const optionalLine = (max = 200) => z.string().trim().max(max);
const paragraph = (max = 2000) => line(max);
const list = (max = 12) => z.array(line(200)).max(max);
const imageUrl = z
  .string()
  .trim()
  .min(1, { error: 'An image is required.' })
  .refine((v) => v.startsWith('/') || /^https:\/\//.test(v), { error: 'Use an uploaded image or an https:// address.' });

export const LOAN_ICONS = ['Home', 'Wrench', 'User', 'Map', 'Hammer', 'MapPin'] as const;
export const PLAN_IDS = ['standard', 'jumbo'] as const;

const pageMeta = z.object({ title: line(70), description: line(170) });

export const contentSchema = z.object({
  meta: z.object({
    home: pageMeta,
    rates: pageMeta,
    blog: pageMeta,
    ebook: pageMeta,
  }),
  header: z.object({ title: line(80), subtitle: line(120) }),
  contact: z.object({
    phone: line(40),
    tollFreePhone: line(40),
    email: z.email({ error: 'Enter a valid e-mail address.' }),
    hours: line(120),
  }),
  company: z.object({
    legalName: line(120),
    nmlsId: z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, { error: 'An NMLS ID is digits only.' }),
    equalHousingStatement: paragraph(600),
    serviceArea: line(120),
  }),
  hero: z.object({
    /** May hold a little inline HTML; sanitized on every write and before every render. */
    title: line(300).meta({
      hint: 'Inline HTML allowed: <span class="text-accent">, <strong>, <em>, <br>. Anything else is removed.',
    }),
    subtitle: paragraph(600),
    primaryButton: line(40),
    secondaryButton: line(40),
    features: list(6),
    badge: line(60),
    imageUrl,
    imageAlt: line(200),
  }),
  stats: z.object({
    items: z
      .array(z.object({ value: line(12), label: line(60) }))
      .min(1)
      .max(6),
  }),
  loanTypes: z.object({
    title: line(120),
    subtitle: paragraph(400),
    loans: z
      .array(
        z.object({
          id: line(64),
          icon: z.enum(LOAN_ICONS),
          title: line(80),
          description: paragraph(600),
          features: list(8),
        }),
      )
      .max(12),
  }),
  process: z.object({
    title: line(120),
    subtitle: paragraph(400),
    steps: z
      .array(z.object({ title: line(80), description: paragraph(400) }))
      .min(1)
      .max(8),
    buttonText: line(60),
  }),
  testimonials: z.object({
    title: line(120),
    subtitle: paragraph(400),
    reviews: z
      .array(
        z.object({
          id: line(64),
          name: line(80),
          location: line(80),
          text: paragraph(1000),
          rating: z
            .int({ error: 'Rating must be a whole number from 1 to 5.' })
            .min(1)
            .max(5)
            .meta({ hint: 'A whole number from 1 to 5.' }),
        }),
      )
      .max(20),
  }),
  pricing: z.object({
    title: line(120),
    subtitle: paragraph(400),
    freePlan: z.object({
      title: line(80),
      description: paragraph(600),
      features: list(8),
      buttonText: line(60),
    }),
    plans: z
      .array(
        z.object({
          id: z.enum(PLAN_IDS),
          name: line(80),
          description: paragraph(400),
          price: line(20),
          priceSuffix: optionalLine(40),
          features: z.array(z.object({ id: line(64), text: line(200) })).max(12),
          buttonText: line(60),
          highlight: z.boolean(),
        }),
      )
      .max(2),
  }),
  cta: z.object({ title: line(160), subtitle: paragraph(600), cta: line(60), callButton: line(40) }),
  ratesTeaser: z.object({ title: line(120), subtitle: paragraph(400), buttonText: line(60) }),
  ebook: z.object({
    badge: line(60),
    title: line(160),
    description: paragraph(1000),
    features: list(10),
    imageUrl,
    imageAlt: line(200),
    buttonText: line(60),
    /** The uploaded ebook PDF (media id); absent until the owner uploads one. */
    pdfMediaId: z
      .string()
      .regex(/^[a-f0-9]{32}$/)
      .optional(),
  }),
  rates: z.object({
    title: line(120),
    subtitle: paragraph(400),
    disclaimerTitle: line(120),
    disclaimerText: paragraph(2000),
    /** The typical loan of the representative example (lib/rates/example.ts). */
    example: z.object({
      loanAmount: z
        .int({ error: 'Enter the loan amount in whole dollars.' })
        .min(10_000, { error: 'The loan amount is at least $10,000.' })
        .max(10_000_000, { error: 'The loan amount is at most $10,000,000.' })
        .meta({
          hint: 'The example on the Rates, home and licenses pages uses the first rate and its APR (Rates tab); the payments are computed from it.',
        }),
      downPaymentPercent: z
        .number({ error: 'Enter the down payment as a percentage.' })
        .min(0, { error: 'The down payment is from 0% to 95%.' })
        .max(95, { error: 'The down payment is from 0% to 95%.' }),
      termMonths: z
        .int({ error: 'Enter the number of monthly payments as a whole number.' })
        .min(1, { error: 'The term is from 1 to 480 monthly payments.' })
        .max(480, { error: 'The term is from 1 to 480 monthly payments.' }),
      payments: z.enum(EXAMPLE_PAYMENTS, { error: 'Choose interest-only or amortizing payments.' }),
    }),
  }),
  footer: z.object({ description: paragraph(600) }),
  /** The e-mail each visitor gets after sending a form (lib/leads/alerts/auto-reply.server.ts). */
  autoReply: z.object({
    enabled: z.boolean(),
    subject: line(150).meta({
      hint: 'Each visitor who sends a form gets this e-mail, when a mail transport is configured and the lead is not suspected spam.',
    }),
    paragraphs: z.array(paragraph(1000)).min(1).max(6),
    nextStep: paragraph(600),
    /** CAN-SPAM: a commercial e-mail carries a valid postal address; none is sent while it is empty. */
    postalAddress: optionalLine(300).meta({
      hint: 'Required: no auto-reply goes out until you enter your postal address (CAN-SPAM). The e-mail is signed with the legal name and NMLS ID (Company section), this address and your contact details; it repeats the visitor’s name, e-mail and phone, never amounts or other financial details.',
    }),
  }),
  /** The calculators' starting figures (issue 19): the lender limits and the fees behind the APR. */
  calculators: z.object({
    ltcPercent: percentSetting('The loan-to-cost limit', 1, 100).meta({
      hint: 'The calculators start from these figures; visitors can change them. The maximum loan is the lesser of loan-to-cost × the land and build, and loan-to-value × the value when complete.',
    }),
    ltvPercent: percentSetting('The loan-to-value limit', 1, 100),
    pointsPercent: percentSetting('Points and lender fees', 0, 10).meta({
      hint: 'The points and lender fees the calculators assume when they show an APR beside a payment (Regulation Z). The rate comes from the first rate on the Rates tab.',
    }),
  }),
  legal: z.object({
    privacy: legalPage(),
    licenses: legalPage(),
  }),
});

function percentSetting(what: string, min: number, max: number) {
  const range = { error: `${what} is from ${min}% to ${max}%.` };
  return z
    .number({ error: `Enter ${what.toLowerCase()} as a percentage.` })
    .min(min, range)
    .max(max, range)
    .refine((v) => Number.isInteger(v * 1000), { error: 'Use at most three decimals.' });
}

function legalPage() {
  return z.object({
    title: line(120),
    updated: line(40),
    sections: z
      .array(z.object({ heading: line(160), body: paragraph(5000) }))
      .min(1)
      .max(30),
  });
}

export type SiteContent = z.infer<typeof contentSchema>;
export type LoanIcon = (typeof LOAN_ICONS)[number];
export type PlanId = (typeof PLAN_IDS)[number];
