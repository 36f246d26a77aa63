// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { currentToast, showToast as showReactToast } from '../../../components/ui/toast-store';
import { byId, hydrate, startOn, freshBootPageEachTest } from '../../../tests/support/boot-page';

freshBootPageEachTest();

const CALL = JSON.stringify({
  title: 'Call (555) 010-0199',
  description: 'Mon-Fri, 9 am to 6 pm',
  action: { label: 'Call now', href: 'tel:+15550100199' },
});
const EMAIL = JSON.stringify({ title: 'Write to us' });
const PAGE =
  `<button id="call" type="button" data-early-toast='${CALL}'>Call</button>` +
  `<button id="email" type="button" data-early-toast='${EMAIL}'>E-mail</button>` +
  '<div id="clp-early-toast" role="status" aria-live="polite"></div>';

const toasts = () => [...byId('clp-early-toast').querySelectorAll('.early-toast')];

describe('the toasts before React', () => {
  it('show at once what the control describes, and React does not raise them again', () => {
    const config = startOn(PAGE);
    const reactClicks = vi.fn();
    byId('call').addEventListener('click', reactClicks);
    byId('call').click();
    expect(toasts()).toHaveLength(1);
    const [toast] = toasts();
    expect(toast!.className).toBe('early-toast');
    expect(toast!.querySelector('.early-toast-title')!.textContent).toBe('Call (555) 010-0199');
    expect(toast!.querySelector('.early-toast-description')!.textContent).toBe('Mon-Fri, 9 am to 6 pm');
    const action = toast!.querySelector<HTMLAnchorElement>('a.early-toast-action')!;
    expect([action.textContent, action.getAttribute('href')]).toEqual(['Call now', 'tel:+15550100199']);
    expect(toast!.querySelector('button.early-toast-close')!.getAttribute('aria-label')).toBe('Close');
    hydrate(config, byId('call'));
    vi.advanceTimersByTime(100);
    expect(reactClicks).not.toHaveBeenCalled();
  });

  it('replace the one shown, and go after five seconds', () => {
    startOn(PAGE);
    byId('call').click();
    vi.advanceTimersByTime(3000);
    byId('email').click();
    expect(toasts().map((toast) => toast.textContent)).toEqual(['Write to us×']);
    expect(toasts()[0]!.querySelector('.early-toast-description')).toBeNull();
    vi.advanceTimersByTime(4900);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(toasts()).toHaveLength(0);
  });

  it('close at once with their × button, before React and once React has hydrated the page', () => {
    const config = startOn(PAGE);
    const close = () => toasts()[0]!.querySelector<HTMLButtonElement>('button.early-toast-close')!;
    byId('call').click();
    // The visitor's click reaches the button, and nothing holds it to press it again later.
    const clicks = vi.fn();
    close().addEventListener('click', clicks);
    close().click();
    expect(toasts()).toHaveLength(0);

    byId('call').click();
    hydrate(config, byId('call'), byId('email'));
    vi.advanceTimersByTime(100);
    close().click();
    expect(toasts()).toHaveLength(0);
    vi.advanceTimersByTime(config.giveUpMs + 100);
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('give way to the next toast React raises once it has hydrated the page: one toast at a time', () => {
    const config = startOn(PAGE);
    byId('call').click();
    // What the e-mail button's handler does once React has it (components/ui/toast-button.tsx).
    byId('email').addEventListener('click', () => showReactToast({ title: 'Write to us' }));
    hydrate(config, byId('call'), byId('email'));
    byId('email').click();
    expect(toasts()).toHaveLength(0);
    expect(currentToast()?.title).toBe('Write to us');
  });
});
