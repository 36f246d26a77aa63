// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { addedScripts, byId, hydrate, startOn, type, freshBootPageEachTest } from '../../../tests/support/boot-page';

freshBootPageEachTest();

const CALCULATOR =
  '<form id="calculator" data-live-answer="results"><input id="amount" name="amount"></form>' +
  '<output id="results">$1,200 a month</output>';

const INCOMPLETE = JSON.stringify({ title: 'Please fill in the required fields', description: 'Your name is missing.' });
const CONTACT =
  '<form id="contact"><input id="name" name="name" aria-required="true">' +
  '<div hidden><input id="company" name="company" aria-required="true"></div>' +
  `<button id="send" type="submit" data-early-incomplete='${INCOMPLETE}'>Send</button></form>` +
  '<div id="clp-early-toast"></div>';

const toasts = () => [...byId('clp-early-toast').querySelectorAll('.early-toast')];

describe('a calculator form', () => {
  it('boots as focus enters it, but runs the scripts only in a pause of the typing (its live script answers the digits)', () => {
    startOn(CALCULATOR);
    const amount = byId<HTMLInputElement>('amount');
    amount.focus();
    for (let key = 0; key < 5; key++) {
      type(amount, '5');
      vi.advanceTimersByTime(50);
    }
    expect(addedScripts()).toHaveLength(0);
    vi.advanceTimersByTime(1500);
    expect(addedScripts().length).toBeGreaterThan(0);
  });

  it('marks its answer out of date at each keystroke, before React and after, for the live script to clear', () => {
    const config = startOn(CALCULATOR);
    type(byId<HTMLInputElement>('amount'), '9');
    expect(byId('results').hasAttribute('data-early-stale')).toBe(true);

    byId('results').removeAttribute('data-early-stale');
    hydrate(config);
    type(byId<HTMLInputElement>('amount'), '9');
    expect(byId('results').hasAttribute('data-early-stale')).toBe(true);
  });
});

describe('a lead form before React', () => {
  it('records when the visitor began filling it in, once', () => {
    startOn(CONTACT);
    vi.advanceTimersByTime(4000);
    byId('name').focus();
    expect(byId('contact').getAttribute('data-first-focus')).toBe(String(Math.round(performance.now())));
    const first = byId('contact').getAttribute('data-first-focus');
    vi.advanceTimersByTime(3000);
    byId('send').focus();
    expect(byId('contact').getAttribute('data-first-focus')).toBe(first);
  });

  it("shows the form's 'incomplete' toast at once when a required field on screen is empty", () => {
    startOn(CONTACT);
    byId('send').click();
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]!.className).toBe('early-toast early-toast-error');
    expect(toasts()[0]!.querySelector('.early-toast-title')!.textContent).toBe('Please fill in the required fields');
    expect(byId('send').hasAttribute('data-early-pending')).toBe(false);
  });

  it('looks busy when the fields on screen are filled in, records the press, and React sends it once hydrated', () => {
    const config = startOn(CONTACT);
    type(byId<HTMLInputElement>('name'), 'Ann Lee');
    vi.advanceTimersByTime(2000);
    const reactClicks = vi.fn();
    byId('send').addEventListener('click', reactClicks);
    byId('send').click();
    expect(toasts()).toHaveLength(0);
    expect(byId('send').hasAttribute('data-early-pending')).toBe(true);
    expect(byId('contact').getAttribute('data-pressed-at')).toBe(String(Math.round(performance.now())));

    hydrate(config, byId('send'));
    vi.advanceTimersByTime(100);
    expect(reactClicks).toHaveBeenCalledTimes(1);
    expect(byId('send').hasAttribute('data-early-pending')).toBe(false);
  });
});
