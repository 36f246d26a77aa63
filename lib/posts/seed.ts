import type { Post } from './types';

/** A post shipped with the site; the seed gives it today's date and marks it an 'Auto Post'. */
export type SeedPost = Omit<Post, 'publishedAt' | 'isCustom' | 'updatedAt'>;

const constructionLoansBody = `
<p>Building a home from the ground up is one of the most rewarding projects you can take on, but financing it works very differently from buying an existing house. A traditional mortgage is secured by a finished property that an appraiser can walk through today. A construction loan, by contrast, funds a home that does not exist yet. That difference shapes how the money is paid out, how interest is charged, and what lenders want to see before they say yes.</p>

<h2>How Construction Loans Work</h2>
<p>Instead of handing over the full loan amount at closing, a construction lender releases funds in stages as the work progresses. These payments are called <strong>draws</strong>, and they follow a draw schedule agreed on before the project begins. A typical schedule ties each draw to a milestone such as foundation, framing, rough-in of mechanical systems, drywall, and final completion.</p>

<h3>Draws and Inspections</h3>
<p>Before each draw is released, the lender usually sends an inspector to the site to confirm that the work billed for has actually been completed. This protects you as well as the lender, because money is only paid out for work that is actually in place. Build a little time into your schedule for inspections so draw requests do not delay payments to your builder.</p>

<h3>Interest-Only Payments During Construction</h3>
<p>During the building phase, most construction loans require <em>interest-only</em> payments, and you only pay interest on the money that has been drawn so far. Payments start small and grow as more of the loan is disbursed. Once the home is finished, the loan either converts to or is replaced by a permanent mortgage with regular principal-and-interest payments.</p>

<h3>One-Time Close vs. Two-Time Close</h3>
<p>There are two common structures for getting from construction financing to a long-term mortgage:</p>
<ul>
<li><strong>Construction-to-permanent (one-time close):</strong> You close once, and the construction loan automatically converts to a permanent mortgage when the home is complete. You pay one set of closing costs and can often lock your long-term terms up front, which protects you if rates rise while you build.</li>
<li><strong>Two-time close:</strong> You take out a stand-alone construction loan, then refinance into a separate permanent mortgage after completion. You pay closing costs twice and must requalify at the end, but you keep the flexibility to shop for the best permanent rate when the house is done.</li>
</ul>
<p>A one-time close offers simplicity and certainty, while a two-time close can make sense if you expect rates to fall during the build.</p>

<h2>What Lenders Look For</h2>
<p>Because the collateral is still being built, construction lenders generally apply tighter standards than lenders on standard purchase mortgages. Expect them to review the following closely.</p>

<h3>Credit Score</h3>
<p>Minimum scores vary by program, but a credit score of <strong>720 or higher</strong> is preferred by many construction lenders and tends to unlock better pricing and more options. If you are below that range, paying down revolving balances before you apply can help.</p>

<h3>Debt-to-Income Ratio</h3>
<p>Lenders compare your total monthly debt payments, including the projected housing payment, to your gross monthly income. Some programs allow a debt-to-income (DTI) ratio of up to <strong>50% at most</strong>, but a lower ratio strengthens your file considerably. If you currently own a home you will live in during construction, remember that its payment counts toward your DTI too.</p>

<h3>Down Payment and Reserves</h3>
<p>Plan on a down payment of roughly <strong>20-25%</strong> of the total project cost for most construction loans. Lenders also want to see cash reserves left over after closing, often several months of payments, so an unexpected expense does not derail the project.</p>

<h3>A Vetted Builder</h3>
<p>The lender is underwriting your builder almost as carefully as it underwrites you. Expect to provide the builder's license, proof of insurance, references, and a record of completed projects. An experienced builder with a clean track record makes your loan easier to approve.</p>

<h3>Plans, Specifications, and a Detailed Budget</h3>
<p>You will need a complete set of plans, a specification sheet describing materials and finishes, and a line-item budget signed by your builder. A solid budget includes a <strong>contingency reserve of 10-15%</strong> to absorb price increases, change orders, and surprises found in the ground.</p>

<h3>An "As Completed" Appraisal</h3>
<p>Since there is no finished home to appraise, the appraiser estimates what the property will be worth <em>as completed</em>, based on your plans, specifications, and comparable sales. The loan amount is typically limited by this value, so accurate, well-documented plans help support the number you need.</p>

<h2>Using Land Equity Toward Your Down Payment</h2>
<p>If you already own the lot you plan to build on, its equity can often count toward your down payment. For example, if your land is worth $120,000 and you owe nothing on it, that value may cover a large share, or even all, of the required down payment on a $500,000 project. Lenders will look at the land's appraised value and any existing liens, and some have rules about how long you must have owned it.</p>

<h2>Preparing to Apply</h2>
<ol>
<li>Check your credit and address any issues early.</li>
<li>Choose a licensed, insured builder with verifiable references.</li>
<li>Finalize plans and specifications, then build a budget with a 10-15% contingency.</li>
<li>Decide whether a one-time or two-time close fits your goals.</li>
</ol>

<p>Ready to see what your build could cost to finance? <a href="/rates">Compare current construction loan rates</a>, or <a href="/ebook">download our free borrower's guide</a> for a step-by-step checklist you can share with your builder.</p>
`;

const ownerBuilderBody = `
<p>Acting as your own general contractor can save a significant amount of money and give you full control over how your home is built. It also shifts a lot of responsibility onto your shoulders, and lenders know it. Owner-builder loans exist for people who want to manage their own construction project, but they come with stricter requirements than a loan where a professional builder runs the job. Here is what you need to know before you apply.</p>

<h2>What Is an Owner-Builder Loan?</h2>
<p>An owner-builder loan is a construction loan in which the borrower, rather than a third-party general contractor, is responsible for managing the build. You hire and schedule subcontractors, order materials, coordinate inspections, and keep the project on budget. Mechanically, the loan works much like any other construction loan: funds are released in draws as milestones are completed, an inspector verifies progress before each draw, and you typically make interest-only payments on the amount drawn until the home is finished.</p>

<h2>Who Qualifies?</h2>
<p>Not every program accepts owner-builders, and those that do are selective about who can manage the project. In general, lenders look for one of the following:</p>
<ul>
<li><strong>A licensed contractor:</strong> Borrowers who hold a current general contractor or residential builder license in their state are the most straightforward to approve.</li>
<li><strong>Proven construction experience:</strong> Some lenders will consider borrowers without a license if they can document hands-on experience, such as previous homes they have built or managed, work history in the trades, or a portfolio of completed projects with photos, permits, and references.</li>
</ul>
<p>A first-time builder with no relevant background will usually find it very difficult to qualify as an owner-builder. In that case, partnering with a licensed builder is often the more realistic path.</p>

<h2>Why Lenders Are Stricter</h2>
<p>From a lender's perspective, the builder is one of the biggest risk factors in any construction loan. When a professional contractor runs the job, there is a business with a track record, insurance, and a reputation on the line. With an owner-builder, the lender is relying on one person to coordinate dozens of trades while often holding down a full-time job. Common concerns include:</p>
<ul>
<li>Cost overruns from underestimated labor or materials</li>
<li>Schedule delays that increase interest costs and push back the permanent loan</li>
<li>Quality or code issues that affect the finished home's value</li>
<li>An unfinished project if the borrower runs out of time, money, or energy</li>
</ul>
<p>To offset these risks, lenders ask for more documentation and more of your own money in the deal.</p>

<h2>A Higher Down Payment</h2>
<p>While many standard construction loans call for roughly 20-25% down, owner-builder programs often require more, with down payments of <strong>up to 30-35%</strong> of the total project cost. The extra equity gives the lender a cushion if the project runs into trouble. If you already own your lot, the land equity can often count toward this requirement, which can ease the cash needed at closing considerably.</p>

<h2>Budget and Schedule Documentation</h2>
<p>Expect to show the lender that you have planned the project in detail. A strong owner-builder file usually includes:</p>
<ol>
<li><strong>Complete plans and specifications</strong> that describe the home, materials, and finishes.</li>
<li><strong>A line-item budget</strong> backed by written bids from your subcontractors and suppliers, not rough estimates.</li>
<li><strong>A contingency reserve of 10-15%</strong> of construction costs to cover overruns and change orders.</li>
<li><strong>A realistic construction schedule</strong> showing the sequence of trades and the expected timing of each draw.</li>
<li><strong>Subcontractor information</strong>, including licenses and proof of insurance for the key trades.</li>
<li><strong>Builder's risk insurance</strong> and any permits required by your local building department.</li>
</ol>
<p>Lenders also evaluate you as a borrower in the usual ways. A credit score of <strong>720 or higher</strong> is preferred, your debt-to-income ratio should be comfortably below the program maximum, and you will need cash reserves beyond your down payment and contingency.</p>

<h2>Tips for a Successful Owner-Builder Application</h2>
<ul>
<li><strong>Document your experience thoroughly.</strong> Photos, permits, closing statements, and references from past projects help the lender see you as a capable builder, not a hopeful one.</li>
<li><strong>Get firm bids.</strong> Lenders trust budgets built on signed quotes far more than spreadsheet estimates.</li>
<li><strong>Be conservative on time.</strong> Add a buffer to your schedule for weather, inspections, and material delays. Every extra month means more interest.</li>
<li><strong>Keep your contingency untouched for real surprises.</strong> Do not plan to spend it on upgrades.</li>
<li><strong>Line up your key trades early.</strong> Reliable framers, plumbers, and electricians are often booked months in advance.</li>
<li><strong>Consider hiring help where you are weakest.</strong> A construction consultant or project manager for specific phases can strengthen your application and your build.</li>
</ul>

<h2>Is Owner-Building Right for You?</h2>
<p>If you have the experience, the time, and the financial cushion, serving as your own builder can lower costs and let you build exactly the home you want. If any of those pieces is missing, a traditional construction loan with a professional builder may be the smarter, less stressful choice. Either way, knowing what lenders expect lets you plan with confidence.</p>

<p>Want to know where you stand? <a href="/rates">Check today's owner-builder and construction loan rates</a>, or <a href="/ebook">get our free borrower's guide</a> for budgeting templates and a document checklist to bring to your lender.</p>
`;

export const seedPosts: SeedPost[] = [
  {
    id: 'post-construction-loans',
    slug: 'understanding-construction-loans',
    title: 'Understanding Construction Loans: A Complete Guide',
    excerpt:
      'Learn how construction loans work, from draws and inspections to one-time close options, and what lenders look for before approving your build.',
    bodyHtml: constructionLoansBody.trim(),
    imageUrl: '/images/blog-construction-loans.svg',
    category: 'Construction Loans',
    author: 'Construction Loan Pros Team',
  },
  {
    id: 'post-owner-builder-loans',
    slug: 'owner-builder-loans-explained',
    title: 'Owner-Builder Loans: What You Need to Know',
    excerpt:
      'Thinking of acting as your own general contractor? Here is who qualifies for an owner-builder loan, why lenders are stricter, and how to prepare.',
    bodyHtml: ownerBuilderBody.trim(),
    imageUrl: '/images/blog-owner-builder.svg',
    category: 'Owner-Builder',
    author: 'Construction Loan Pros Team',
  },
];
