// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { OWNER_MARKER_COOKIE } from '../../auth/owner-marker';
import { BROWSER_DRAFT_KEY } from '../deferred-boot-markers';
import {
  addedScripts,
  byId,
  NEXT_SCRIPTS,
  pointer,
  startOn,
  type,
  freshBootPageEachTest,
} from '../../../tests/support/boot-page';

freshBootPageEachTest();

/** Long enough for the next paint and a pause in the visitor's input. */
const AFTER_PAUSE_MS = 600;
const SRCS = NEXT_SCRIPTS.map((script) => script.src);

describe('the boot at the first interaction', () => {
  it("runs none of Next's scripts until a person shows up, then each of them once, as Next wrote them", () => {
    startOn('<main><h1>Rates</h1></main>');
    vi.advanceTimersByTime(30_000);
    expect(addedScripts()).toEqual([]);

    pointer('pointermove', 'mouse');
    vi.advanceTimersByTime(AFTER_PAUSE_MS);
    expect(addedScripts()).toEqual(SRCS);
    const main = document.head.querySelector<HTMLScriptElement>('script[id="_R_"]')!;
    expect(main.async).toBe(true);

    pointer('pointerup');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    vi.advanceTimersByTime(AFTER_PAUSE_MS);
    expect(addedScripts()).toEqual(SRCS);
  });

  it('a mouse resting while the page moves under it (a pointermove that did not move) does not boot', () => {
    startOn('<main></main>');
    pointer('pointermove', 'mouse', document.body, false);
    vi.advanceTimersByTime(AFTER_PAUSE_MS);
    expect(addedScripts()).toEqual([]);
    pointer('pointermove', 'mouse');
    vi.advanceTimersByTime(AFTER_PAUSE_MS);
    expect(addedScripts()).toEqual(SRCS);
  });

  it("a finger resting on the screen (a touch's pointermove) does not boot; lifting it does", () => {
    startOn('<main></main>');
    pointer('pointermove', 'touch');
    vi.advanceTimersByTime(AFTER_PAUSE_MS);
    expect(addedScripts()).toEqual([]);
    document.body.dispatchEvent(new Event('touchend', { bubbles: true }));
    vi.advanceTimersByTime(AFTER_PAUSE_MS);
    expect(addedScripts()).toEqual(SRCS);
  });

  it('runs the scripts in a pause of the input, half a second after the last', () => {
    startOn('<main></main>');
    pointer('pointermove');
    for (let moved = 0; moved < 10; moved++) {
      vi.advanceTimersByTime(200);
      pointer('pointermove');
    }
    expect(addedScripts()).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(addedScripts()).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(addedScripts()).toEqual(SRCS);
  });

  it('waits a second after the last keystroke in a text field', () => {
    startOn('<form><input id="name"></form>');
    type(byId<HTMLInputElement>('name'), 'Ann');
    vi.advanceTimersByTime(800);
    expect(addedScripts()).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(addedScripts()).toEqual(SRCS);
  });

  it("hands the page's payload to Next in page order, after what its first inline script pushed", () => {
    (self as { __next_f?: unknown[] }).__next_f = [[0]];
    startOn(
      '<main></main><script type="application/json" data-clp-flight>[1,"0:{}\\n"]</script>' +
        '<script type="application/json" data-clp-flight>[1,"1:<b>"]</script>',
    );
    pointer('pointerup');
    vi.advanceTimersByTime(AFTER_PAUSE_MS);
    expect((self as { __next_f?: unknown[] }).__next_f).toEqual([[0], [1, '0:{}\n'], [1, '1:<b>']]);
    expect(addedScripts()).toEqual(SRCS);
  });

  it("waits for a person with a cookie whose name only ends like the owner's marker", () => {
    document.cookie = `x${OWNER_MARKER_COOKIE}=1`;
    startOn('<main></main>');
    vi.advanceTimersByTime(AFTER_PAUSE_MS);
    expect(addedScripts()).toEqual([]);
  });

  it("boots at once with the owner's marker cookie (inline editing needs React)", () => {
    document.cookie = `${OWNER_MARKER_COOKIE}=1`;
    startOn('<main></main>');
    vi.advanceTimersByTime(AFTER_PAUSE_MS);
    expect(addedScripts()).toEqual(SRCS);
  });

  it('boots at once in a tab that keeps an application draft, so it is restored in the first view', () => {
    sessionStorage.setItem(BROWSER_DRAFT_KEY, '{}');
    startOn('<main></main>');
    vi.advanceTimersByTime(AFTER_PAUSE_MS);
    expect(addedScripts()).toEqual(SRCS);
  });

  it('boots at once when the address names a parameter the page reads in the browser (a checkout error)', () => {
    history.replaceState(null, '', '/rates?payment_error=declined');
    try {
      startOn('<main></main>');
      vi.advanceTimersByTime(AFTER_PAUSE_MS);
      expect(addedScripts()).toEqual(SRCS);
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it('prefetches the scripts once the page has loaded, without running them, unless it has booted', () => {
    startOn('<main></main>');
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(1000);
    const prefetched = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"][as="script"]')];
    expect(prefetched.map((link) => link.getAttribute('href'))).toEqual(SRCS);
    expect(addedScripts()).toEqual([]);
  });

  it('prefetches nothing on a page that has already booted', () => {
    startOn('<main></main>');
    pointer('pointerup');
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(1000);
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
  });
});
