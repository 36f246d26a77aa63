import { plainText } from './plain-text';
import {
  APPROVAL_PROMISES,
  APR_STATED,
  DOWN_PAYMENT_STATED,
  NO_CREDIT_CHECK,
  RATE_STATED,
  TRIGGER_TERMS,
  type Trigger,
} from './ad-copy-patterns';

/**
 * The ad-copy checker (issue 31): the claims in the site's own advertising that the rules on
 * mortgage advertising forbid or condition, each with the rule it meets. It warns and never
 * blocks: the words are the broker's, and a heuristic can be wrong both ways, so the owner
 * decides and may dismiss a warning. Pure, so the editors' Server Actions and their components
 * share it. This is not legal advice (docs/compliance.md).
 */

export const AD_COPY_RULES = {
  'approval-promise': {
    title: 'Promise of approval',
    citation:
      'FTC Act §5 (15 U.S.C. 45); CFPA UDAAP (12 U.S.C. 5531, 5536); Regulation N, 12 CFR 1014.3 (misrepresenting the likelihood of approval)',
    advice: 'Only a lender can approve a loan. Remove the promise, or say that approval is not guaranteed.',
  },
  'no-credit-check': {
    title: '“No credit check”',
    citation: 'Regulation N, 12 CFR 1014.3 (misrepresenting credit terms or eligibility)',
    advice: 'Mortgage lenders check credit. Say only what is true, e.g. that a first review needs no hard credit inquiry.',
  },
  'trigger-terms': {
    title: 'Credit terms without their disclosures',
    citation: 'Regulation Z, 12 CFR 1026.24(d)(1) and (d)(2)',
    advice:
      'A down payment, a number of payments or repayment period, a payment amount or a finance charge must come with the down payment, the terms of repayment and the APR (and whether the rate may increase). State them here, or leave the figure out.',
  },
  'rate-without-apr': {
    title: 'A rate without its APR',
    citation: 'Regulation Z, 12 CFR 1026.24(c)',
    advice: 'State the rate as an annual percentage rate, “APR”, or give the APR beside it.',
  },
} as const;

export type AdCopyRule = keyof typeof AD_COPY_RULES;
export const AD_COPY_RULE_IDS = Object.keys(AD_COPY_RULES) as AdCopyRule[];

/** One text being saved, where the editor has it. */
export interface AdCopyText {
  /** Where the text is, stable while the text stays there: 'pricing.plans.0.features.1.text'. */
  path: string;
  /** Plain text or HTML (tags are ignored). */
  text: string;
  /** How the owner knows the place, where the path alone would not say ('Post “Land loans” › body'). */
  label?: string;
  /**
   * The texts a visitor sees together as one ad (a card, a post): a disclosure in one of them
   * counts for the others. Each text is its own group unless told.
   */
  group?: string;
}

export interface AdCopyOptions {
  /**
   * The texts stand beside the rates page's representative example (lib/rates/example.ts), which
   * gives the disclosures 1026.24(d)(2) asks for, so trigger terms there are disclosed.
   */
  disclosuresShown?: boolean;
}

export interface AdCopyFinding {
  rule: AdCopyRule;
  citation: string;
  /** The claim with a little of the text around it, as the owner will recognise it. */
  excerpt: string;
  path: string;
  label?: string;
  /** For trigger terms: which disclosures are missing. */
  detail?: string;
  /**
   * `rule:path:hash` of the claim's words: a dismissal of this key holds while the same claim
   * stays at the same place, and a changed claim is a new finding.
   */
  key: string;
}

interface Match {
  index: number;
  text: string;
}

/** Every risky claim in `texts`, one finding per rule and place, in the order of the texts. */
export function checkAdCopy(texts: readonly AdCopyText[], options: AdCopyOptions = {}): AdCopyFinding[] {
  const plain = texts.map((t) => ({ ...t, plain: plainText(t.text) }));
  const groups = new Map<string, string>();
  for (const t of plain) {
    const group = t.group ?? t.path;
    groups.set(group, `${groups.get(group) ?? ''}\n${t.plain}`);
  }
  return plain.flatMap((t) => {
    const together = groups.get(t.group ?? t.path)!;
    const findings: AdCopyFinding[] = [];
    const add = (rule: AdCopyRule, matches: Match[], detail?: string) => {
      if (matches.length > 0) findings.push(finding(rule, t, matches, detail));
    };
    add('approval-promise', unnegated(t.plain, APPROVAL_PROMISES));
    add('no-credit-check', unnegated(t.plain, NO_CREDIT_CHECK));
    if (!options.disclosuresShown) {
      const triggers = matchesOf(t.plain, TRIGGER_TERMS);
      if (triggers.length > 0) {
        const missing = missingDisclosures(together);
        if (missing.length > 0) add('trigger-terms', triggers, `Missing here: ${missing.join(', ')}.`);
      }
    }
    if (!APR_STATED.some((pattern) => pattern.test(together))) add('rate-without-apr', matchesOf(t.plain, RATE_STATED));
    return findings;
  });
}

function finding(rule: AdCopyRule, text: AdCopyText & { plain: string }, matches: Match[], detail?: string): AdCopyFinding {
  const claims = [...new Set(matches.map((m) => normalize(m.text)))].sort();
  return {
    rule,
    citation: AD_COPY_RULES[rule].citation,
    excerpt: excerptAround(text.plain, matches[0]!),
    path: text.path,
    ...(text.label ? { label: text.label } : {}),
    ...(detail ? { detail } : {}),
    key: `${rule}:${text.path}:${fnv1a64(claims.join('\n'))}`,
  };
}

/** The disclosures 1026.24(d)(2) asks for that the ad's texts do not state. */
function missingDisclosures(text: string): string[] {
  const has = (patterns: readonly RegExp[]) => matchesOf(text, patterns).length > 0;
  const byKind = (kind: Trigger['kind']) => TRIGGER_TERMS.filter((t) => t.kind === kind).map((t) => t.pattern);
  const missing: string[] = [];
  if (!has(DOWN_PAYMENT_STATED)) missing.push('the down payment');
  // Terms of repayment: how many payments (or over how long) and how much each is.
  if (!has(byKind('period')) || !has(byKind('payment'))) missing.push('the terms of repayment');
  if (!has(APR_STATED)) missing.push('the APR');
  return missing;
}

function matchesOf(text: string, patterns: readonly (RegExp | Trigger)[]): Match[] {
  return patterns.flatMap((entry) => {
    const pattern = entry instanceof RegExp ? entry : entry.pattern;
    return [...text.matchAll(new RegExp(pattern.source, 'gi'))].map((m) => ({ index: m.index, text: m[0] }));
  });
}

// What says a claim is denied: 'no guarantee of approval', 'we cannot guarantee approval',
// 'is not a commitment to lend or a guarantee of approval'.
const NEGATION =
  /\b(?:no|not|never|cannot|can't|can not|don't|do not|doesn't|does not|isn't|is not|aren't|won't|will not|without|nor|neither)\b/i;
// A negation counts within the claim's own clause, up to eight words before it.
const CLAUSE_END = /[.!?;:,()\n]|\s[-–—]\s|\bbut\b/gi;

function unnegated(text: string, patterns: readonly RegExp[]): Match[] {
  return matchesOf(text, patterns).filter((match) => {
    if (/\b(?:not|never)\b/i.test(match.text)) return false;
    const before = text.slice(Math.max(0, match.index - 120), match.index);
    const clause = before.split(CLAUSE_END).pop() ?? '';
    const words = clause.trim().split(/\s+/).slice(-8).join(' ');
    return !NEGATION.test(words);
  });
}

/** The claim with about 40 characters either side within its own paragraph, cut at words. */
function excerptAround(text: string, match: Match, context = 40): string {
  const lineStart = text.lastIndexOf('\n', match.index) + 1;
  const lineEnd = text.indexOf('\n', match.index + match.text.length);
  const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
  const at = match.index - lineStart;
  let start = Math.max(0, at - context);
  let end = Math.min(line.length, at + match.text.length + context);
  if (start > 0) start = Math.min(line.indexOf(' ', start) + 1 || start, at);
  if (end < line.length) end = Math.max(line.lastIndexOf(' ', end), at + match.text.length);
  const inner = line.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${inner}${end < line.length ? '…' : ''}`;
}

const normalize = (claim: string) => claim.toLowerCase().replace(/\s+/g, ' ').trim();

/** FNV-1a, 64 bits, as 16 hex digits: short, stable across engines and browsers; not a secret. */
function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

const KEY = /^([a-z-]+):([A-Za-z0-9_.-]{1,160}):([0-9a-f]{16})$/;

/** A finding's key taken apart; null for anything the checker could not have made. */
export function parseAdCopyKey(key: string): { rule: AdCopyRule; path: string } | null {
  const match = KEY.exec(key);
  if (!match || !Object.hasOwn(AD_COPY_RULES, match[1]!)) return null;
  return { rule: match[1] as AdCopyRule, path: match[2]! };
}
