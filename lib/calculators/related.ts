import { CALCULATOR_IDS, type CalculatorId } from './registry';

/**
 * Which calculators a blog post is about, from its words: a post on draws and interest-only
 * payments links the interest calculator, one on debt-to-income the DTI calculator. Posts are the
 * owner's to write, so the choice is made from their text each time rather than stored.
 */
const SIGNS: Record<CalculatorId, RegExp> = {
  'construction-interest': /\bdraws?\b|draw schedule|interest[- ]only|interest during construction/gi,
  'construction-to-permanent': /construction[- ]to[- ]permanent|one[- ]time close|permanent (mortgage|loan)|monthly payment/gi,
  'maximum-loan': /loan[- ]to[- ](cost|value)|land equity|equity in (the|your) land|down payment|how much (you|I) can borrow/gi,
  'debt-to-income': /debt[- ]to[- ]income|\bDTI\b/gi,
};

/** The calculators a text is about, most mentioned first (at most `limit`); none when it names none. */
export function relatedCalculators(text: string, limit = 3): CalculatorId[] {
  return CALCULATOR_IDS.map((id) => ({ id, hits: text.match(SIGNS[id])?.length ?? 0 }))
    .filter((entry) => entry.hits > 0)
    .sort((a, b) => b.hits - a.hits)
    .slice(0, limit)
    .map((entry) => entry.id);
}
