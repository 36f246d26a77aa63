import { div, exact, formatPercent, parseDecimal, type Exact } from '../exact';

/**
 * What the calculators that show a payment share (./construction-interest.ts,
 * ./construction-to-permanent.ts): one module per calculator, so a calculator page's browser half
 * carries only its own engine, not the four calculators' texts (../registry.ts) nor the other
 * engines; ../run.ts (runCalculator, describeEstimate: the e-mail, the lead) composes them.
 */

/** A checked decimal value; 0 for none (the registry has checked every value that is used). */
export const d = (value: string | undefined): Exact => parseDecimal(value ?? '') ?? exact(0);

/** A percentage value in percent units (6.75 meaning 6.75%) as '6.75%'. */
export const showPercent = (valuePercent: Exact, digits = 2) => formatPercent(div(valuePercent, exact(100)), digits);
