import type { EarlyControls } from '../early-controls';
import { showToast } from './toasts';

/** True when a required field in the part of the form on screen is empty. */
function incomplete(form: HTMLFormElement): boolean {
  return Array.prototype.some.call(
    form.querySelectorAll('[aria-required="true"]'),
    (field: HTMLInputElement) => !field.closest('[hidden]') && !String(field.value || '').trim(),
  );
}

/**
 * A submit pressed before React, which will press it again: it shows the form's 'incomplete'
 * toast at once when a required field on screen is empty, else looks busy; the form records the
 * press, which ends the lead's fill time.
 */
export function answerSubmitEarly(submit: HTMLButtonElement, form: HTMLFormElement, E: EarlyControls): void {
  const message = submit.getAttribute(E.incomplete);
  if (message && incomplete(form)) showToast(E.toastHost, JSON.parse(message), true);
  else submit.setAttribute(E.pending, '');
  form.setAttribute(E.pressedAt, String(Math.round(performance.now())));
}
