/**
 * The results region of a calculator page. The form names it in `data-early-boot`, so the boot
 * script can mark it stale at a keystroke before React runs (ADR 024); React clears the mark.
 * (A plain module, not the 'use client' hook's: a server component importing from that would get
 * a client reference instead of the string.)
 */
export const RESULTS_ID = 'calc-results';
