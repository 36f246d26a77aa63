import type { Child } from '../markup/node';
import type { InputDef, ParsedQuery } from '../query';

/**
 * A calculator's results from its parsed inputs: the figures, or what to fix. `alert` is true for
 * the page the server answered (its errors are announced at once), false while the visitor types.
 */
export type ResultsView = (parsed: ParsedQuery, inputs: readonly InputDef[], alert: boolean) => Child;
