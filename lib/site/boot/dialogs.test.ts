// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { byId, hydrate, startOn, freshBootPageEachTest } from '../../../tests/support/boot-page';

freshBootPageEachTest();

const DIALOG =
  '<dialog id="contact-dialog" aria-labelledby="contact-title"><h2 id="contact-title">Contact us</h2>' +
  '<form><input name="email"><button id="close" type="button" data-early-close>Close</button></form></dialog>';
const HEADER =
  '<header><button id="toggle" type="button" data-early-disclosure aria-controls="menu" aria-expanded="false">Menu</button>' +
  '<nav id="menu" hidden><a href="/blog">Blog</a>' +
  '<button type="button" aria-haspopup="dialog" data-early-dialog="contact-dialog">Contact</button></nav></header>';
const OPENER = '<button id="contact" type="button" aria-haspopup="dialog" data-early-dialog="contact-dialog">Contact</button>';

const dialog = () => byId<HTMLDialogElement>('contact-dialog');

describe('the lead dialogs before React', () => {
  it('open at once, and React does not press the opener again', () => {
    const config = startOn(OPENER + DIALOG);
    const reactClicks = vi.fn();
    byId('contact').addEventListener('click', reactClicks);
    byId('contact').click();
    expect(dialog().open).toBe(true);
    hydrate(config, byId('contact'));
    vi.advanceTimersByTime(100);
    expect(reactClicks).not.toHaveBeenCalled();
    expect(dialog().open).toBe(true);
  });

  it('close with their close button, and focus goes back to the opener', () => {
    startOn(OPENER + DIALOG);
    byId('contact').focus();
    byId('contact').click();
    dialog().querySelector('input')!.focus();
    byId('close').click();
    vi.advanceTimersByTime(10);
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(byId('contact'));
  });

  it('close on a click on the backdrop, not on one inside the box', () => {
    startOn(OPENER + DIALOG);
    byId('contact').click();
    vi.spyOn(dialog(), 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 100, 400, 300));
    dialog().dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 300, clientY: 200 }));
    expect(dialog().open).toBe(true);
    dialog().dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 50, clientY: 200 }));
    expect(dialog().open).toBe(false);
  });

  it('opened from the open mobile menu, close the menu, and focus goes back to its toggle', () => {
    startOn(HEADER + DIALOG);
    byId('toggle').click();
    expect(byId('menu').hidden).toBe(false);
    byId('menu').querySelector('button')!.click();
    expect(dialog().open).toBe(true);
    expect(byId('menu').hidden).toBe(true);
    expect(byId('toggle').getAttribute('aria-expanded')).toBe('false');
    dialog().close();
    vi.advanceTimersByTime(10);
    expect(document.activeElement).toBe(byId('toggle'));
  });

  it('leave the focus to React once it has hydrated the page', () => {
    const config = startOn(OPENER + DIALOG);
    byId('contact').click();
    hydrate(config);
    const field = dialog().querySelector('input')!;
    field.focus();
    dialog().close();
    vi.advanceTimersByTime(10);
    expect(document.activeElement).toBe(field);
  });
});
