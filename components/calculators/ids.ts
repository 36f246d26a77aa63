/**
 * The two regions of a calculator page. The form names the results in `data-early-boot`, so the
 * boot script can mark them stale at a keystroke before React runs (ADR 024), and React clears the
 * mark; the live half finds the form by its id. (A plain module, not the 'use client' hook's: a
 * server component importing from that would get a client reference instead of the string.)
 */
export const RESULTS_ID = 'calc-results';
export const FORM_ID = 'calc-form';
