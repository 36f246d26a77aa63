/**
 * The words the ad-copy checker looks for (ad-copy.ts), built from a few named parts so each
 * pattern reads as the phrase it finds. They are narrow on purpose: a figure counts only beside
 * the words that make it a credit term ('20% down', not '50% max DTI'; '30-year mortgage', not
 * '40 years of experience'), and the examples in ad-copy.test.ts are the specification.
 */

const re = (source: string) => new RegExp(source, 'i');

// Bounded, so a long run of digits costs a few steps per digit, not one per pair of digits.
const NUMBER = String.raw`\d{1,3}(?:,\d{3}){1,4}(?:\.\d{1,4})?|\d{1,9}(?:\.\d{1,4})?`;
const NUMBER_WORD = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty';
const COUNT = `(?:${NUMBER}|${NUMBER_WORD})(?:\\s?(?:-|–|to)\\s?(?:${NUMBER}|${NUMBER_WORD}))?`;
/** '6.5%', '20-25%', '20% to 25%', '6 percent'. */
const PERCENT = `(?:${NUMBER})(?:\\s?%)?(?:\\s?(?:-|–|to)\\s?(?:${NUMBER}))?\\s?(?:%|percent\\b)`;
/** '$2,150', '$10k', '$1.2 million', '$900-$1,200'. */
const MONEY_ONE = `\\$\\s?(?:${NUMBER})(?:\\s?(?:k|m|thousand|million)\\b)?`;
const MONEY = `${MONEY_ONE}(?:\\s?(?:-|–|to)\\s?${MONEY_ONE})?`;
const AMOUNT = `(?:${PERCENT}|${MONEY})`;
const UNIT = String.raw`(?:years?|yrs?|months?|mos?)\b`;
/** Words that may stand between a term and its figure: 'down payment of only 5%', 'payments as low as $900'. */
const FILLER =
  '(?:\\s*(?::|=|-|–|of|is|are|will be|would be|as low as|as little as|up to|from|starting at|at|only|just|roughly|about|around|approximately|typically|usually|under|below|less than|a minimum of|minimum|required|requirements?))*\\s*';

export interface Trigger {
  /** Which of 1026.24(d)(1)'s terms it states. */
  kind: 'down-payment' | 'period' | 'payment' | 'finance-charge';
  pattern: RegExp;
}

/** The amount or percentage of a down payment: '20% down', 'a down payment of roughly 20-25%'. */
export const DOWN_PAYMENT_STATED = [
  re(`${AMOUNT}\\s+down(?:[\\s-]?payments?)?\\b`),
  re(`\\bdown[\\s-]?payments?${FILLER}${AMOUNT}`),
];

/** Regulation Z's triggering terms, 12 CFR 1026.24(d)(1)(i) to (iv). */
export const TRIGGER_TERMS: readonly Trigger[] = [
  ...DOWN_PAYMENT_STATED.map((pattern) => ({ kind: 'down-payment' as const, pattern })),
  // The number of payments: '12 interest-only payments', '360 monthly payments'.
  {
    kind: 'period',
    pattern: re(
      `\\b${COUNT}\\s+(?:(?:equal|fixed|low|monthly|weekly|bi-?weekly|annual|interest-only|level)\\s+){0,2}(?:payments|installments)\\b`,
    ),
  },
  // The period of repayment: '30-year mortgage', '12-month term', '5-year ARM'.
  {
    kind: 'period',
    pattern: re(
      `\\b${COUNT}[\\s-]+${UNIT}[\\s-]+(?:fixed|arm|adjustable|variable|terms?|loans?|mortgages?|amortization|amortizing|repayment|financing|notes?|balloon|interest-only)\\b`,
    ),
  },
  // ... or said the other way round: 'terms of 3 to 5 years', 'repay over 15 years'.
  {
    kind: 'period',
    pattern: re(
      `\\b(?:terms?|repay(?:ment)?|repaid|pay (?:it )?(?:back|off)|amortized|amortization|payable|financ(?:e|ed|ing))(?:\\s*(?::|of|over|in|for|up to|from|within|as long as|lasting|between|ranging from))*\\s*${COUNT}[\\s-]+${UNIT}`,
    ),
  },
  // The amount of a payment: '$2,150/month', '$2,150 a month', 'monthly payments of $1,200'.
  { kind: 'payment', pattern: re(`${MONEY}\\s*(?:\\/|per|a|an|each|every)\\s*(?:mo\\.?|month|week|wk|year|yr)\\b`) },
  { kind: 'payment', pattern: re(`${MONEY}\\s+(?:monthly|weekly|bi-?weekly)\\b`) },
  { kind: 'payment', pattern: re(`\\b(?:payments?|installments?)${FILLER}${MONEY}`) },
  // The amount of a finance charge: 'less than $50 in interest', 'finance charge of $1,234'.
  {
    kind: 'finance-charge',
    pattern: re(
      `\\b(?:finance charges?|interest(?:\\s+(?:charges?|costs?))?|cost of credit|financing costs?)\\s+${FILLER}${MONEY}`,
    ),
  },
  { kind: 'finance-charge', pattern: re(`${MONEY}\\s+(?:in\\s+)?(?:total\\s+)?(?:interest|finance charges?)\\b(?!-)`) },
];

/** An APR stated with its figure: '6.72% APR', 'APR of 6.72%', 'annual percentage rate (APR) 6.72%'. */
export const APR_STATED = [
  re(`${PERCENT}\\s*\\(?\\s*(?:APR\\b|A\\.P\\.R\\.?|annual percentage rate\\b)`),
  re(
    `\\b(?:APR|annual percentage rate)\\b(?:\\s*\\(APR\\))?(?:\\s*(?::|=|of|is|at|as low as|only|just|from|starting at))*\\s*${PERCENT}`,
  ),
];

/** A rate of finance charge: '6.5% rate', 'rates as low as 5.99%', '30-year fixed at 6.5%'. */
export const RATE_STATED = [
  re(
    `${PERCENT}\\s+(?:(?:fixed|variable|adjustable|intro(?:ductory)?|teaser|initial|interest|note|simple|annual|starting|low)\\s+){0,2}(?:rates?|interest)\\b`,
  ),
  re(
    `\\b(?:rates?|interest(?:\\s+rates?)?)(?:\\s*(?::|=|of|is|are|as low as|from|starting at|at|just|only|below|under|around|locked at|currently|today|now))*\\s*${PERCENT}(?!\\s*\\(?\\s*(?:APR\\b|A\\.P\\.R|annual percentage))`,
  ),
  re(`\\b(?:fixed|arm|adjustable|variable)\\s+(?:rate\\s+)?(?:at|of|from)\\s+${PERCENT}`),
];

/** Promises of approval (a negated one, 'no guarantee of approval', is left out by the checker). */
export const APPROVAL_PROMISES = [
  re(
    `\\bguarantee(?:d|s|ing)?\\s+(?:(?:your|you|an?|the|loan|mortgage|credit|to|be|get|getting|of)\\s+){0,3}approv(?:al|als|ed|e)\\b`,
  ),
  re(`\\bapprov(?:al|als|ed)\\s+(?:(?:is|are|was|will be|always)\\s+){0,2}(?:(?:not|never)\\s+)?guaranteed\\b`),
  re(`\\b100\\s?%\\s+(?:loan\\s+|mortgage\\s+)?approv(?:al|ed)\\b`),
  re(`\\b(?:everyone|everybody|anyone|all applicants)\\s+(?:is\\s+|gets\\s+|will be\\s+|can be\\s+)?approved\\b`),
  re(`\\bapproval for (?:everyone|everybody|anyone|all)\\b`),
  // 'You're pre-approved!', but not 'once you're pre-approved' or 'if you are approved'.
  re(`(?<!\\b(?:if|once|when|after|until|unless|whether|before)\\s+)\\byou(?:'re| are)\\s+(?:already\\s+)?pre-?approved\\b`),
];

/** 'No credit check', 'without a credit check', 'no credit needed'. */
export const NO_CREDIT_CHECK = [
  re(`\\bno[\\s-]+credit[\\s-]+checks?\\b`),
  re(`\\bwithout\\s+(?:a\\s+|any\\s+)?credit\\s+checks?\\b`),
  re(`\\bno\\s+credit\\s+(?:needed|required)\\b`),
];
