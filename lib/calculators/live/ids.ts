/**
 * The regions of a calculator page, shared by the server's components and the live script
 * (./start.ts): the form, the results section (which the boot script marks stale at a keystroke
 * until the figures are new again), and inside it the live figures the script replaces, which
 * carry the script's configuration.
 */
export const FORM_ID = 'calc-form';
export const RESULTS_ID = 'calc-results';
export const LIVE_ID = 'calc-live';
export const LIVE_CONFIG_ATTRIBUTE = 'data-calc-live';

/** The public path prefix of the calculators' live scripts, each named by its content hash. */
export const LIVE_SCRIPT_PREFIX = '/_calc/';
