import type { BootPage } from './page';
import { showToast } from './toasts';

/**
 * A form whose answer React computes as the visitor types (a calculator, EARLY.eagerBoot): focus
 * entering it boots at once, without waiting for a pause; a keystroke before React marks its
 * answer stale at once (CSS says so), and React clears the mark when it has recomputed it.
 */
export function bootEagerForms(page: BootPage): void {
  const eagerBoot = page.config.early.eagerBoot;
  const eagerForm = (target: EventTarget | null) => (target instanceof Element ? target.closest('[' + eagerBoot + ']') : null);
  document.addEventListener(
    'focusin',
    (event) => {
      if (!eagerForm(event.target)) return;
      page.eager = true;
      page.boot();
    },
    true,
  );
  document.addEventListener(
    'input',
    (event) => {
      const form = eagerForm(event.target);
      const answer = form && !page.hydrated ? document.getElementById(form.getAttribute(eagerBoot) || '') : null;
      if (answer) answer.setAttribute(page.config.early.stale, '');
    },
    true,
  );
}

/**
 * Marks when the visitor began filling in a form (EARLY.firstFocus): the lead's fill time counts
 * from there (a form filled in before React has booted would otherwise seem filled in at once,
 * like a bot's).
 */
export function markFirstFocus(page: BootPage): void {
  const firstFocus = page.config.early.firstFocus;
  document.addEventListener(
    'focusin',
    (event) => {
      const form = event.target instanceof Element ? event.target.closest('form') : null;
      if (form && !form.hasAttribute(firstFocus)) form.setAttribute(firstFocus, String(Math.round(performance.now())));
    },
    true,
  );
}

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
export function answerSubmitEarly(page: BootPage, submit: HTMLButtonElement, form: HTMLFormElement): void {
  const E = page.config.early;
  const message = submit.getAttribute(E.incomplete);
  if (message && incomplete(form)) showToast(E.toastHost, JSON.parse(message), true);
  else submit.setAttribute(E.pending, '');
  form.setAttribute(E.pressedAt, String(Math.round(performance.now())));
}
