/**
 * How a public page's controls answer a tap before React has booted (ADR 015). The components
 * describe what a control does in data attributes; the inline boot script (lib/site/boot/) does it
 * at once; React takes over when it has hydrated, reading what the script changed from the DOM.
 * Shared by the components, the server, the boot script and tests.
 */
export const EARLY = {
  /** On a button: the id of the <dialog> it opens (showModal). */
  dialog: 'data-early-dialog',
  /** On a button inside a <dialog>: closes it. */
  close: 'data-early-close',
  /** On a button: the toast it raises, as JSON ({ title, description, action?: { label, href } }). */
  toast: 'data-early-toast',
  /** On a button with aria-controls: shows or hides that panel, with aria-expanded. */
  disclosure: 'data-early-disclosure',
  /** On a submit button: the toast shown when a required field is empty (JSON { title, description }). */
  incomplete: 'data-early-incomplete',
  /** Set by the script on a submit button it holds until React submits the form. */
  pending: 'data-early-pending',
  /** Set by the script on a form when a field of it first gets focus (performance.now(), ms):
   * when the visitor began filling it in, for the lead's fill time, even before React. */
  firstFocus: 'data-first-focus',
  /** Set by the script on a form whose submit it holds for React (performance.now(), ms): when the
   * visitor pressed it, which ends the fill time, not when React sends the form. */
  pressedAt: 'data-pressed-at',
  /**
   * On a form whose answer a script of its own computes as the visitor types (a calculator's live
   * script, ADR 039), with the id of the element showing that answer. A keystroke that script has
   * not answered yet (it has not loaded) marks the answer `stale` at once, so the visitor sees it
   * is being worked on; the live script clears the mark when it has recomputed.
   */
  liveAnswer: 'data-live-answer',
  /** Set by the script on a calculator's answer typed into before its live script has answered. */
  stale: 'data-early-stale',
  /** The id of the element (rendered once, left alone by React) where the script shows a toast. */
  toastHost: 'clp-early-toast',
} as const;

export type EarlyControls = typeof EARLY;

/** The element property where whoever opens a dialog records where focus goes when it closes. */
export const DIALOG_OPENER_PROPERTY = 'clpOpener';

/** JSON for an early attribute (React escapes it for the HTML attribute). */
export const earlyJson = (value: unknown) => JSON.stringify(value);
