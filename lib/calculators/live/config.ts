import type { InputDef } from '../query';

/**
 * What the page tells its live script (JSON in the live region's LIVE_CONFIG_ATTRIBUTE): how to read
 * the form exactly as the server did (this calculator's inputs and defaults) and what the server's
 * figures were computed from.
 */
export interface LiveConfig {
  /** The calculator's page, which its GET form and the address bar point to. */
  path: string;
  inputs: readonly InputDef[];
  /** The defaults an empty input takes (the registry's, from the rates table and the owner's settings). */
  start: Record<string, string>;
  /** The values the server read from the query: the figures on screen until the visitor types. */
  initial: Record<string, string>;
}
