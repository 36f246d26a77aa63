// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { byId, hydrate, startOn, freshBootPageEachTest } from '../../../tests/support/boot-page';

freshBootPageEachTest();

const HEADER =
  '<header><button id="toggle" type="button" data-early-disclosure aria-controls="menu" aria-expanded="false">Menu</button>' +
  '<nav id="menu" hidden><a href="/blog">Blog</a></nav></header><main><input id="search"></main>';

const escape = () => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

describe('the mobile menu before React', () => {
  it('opens and closes at once, and React does not toggle it again', () => {
    const config = startOn(HEADER);
    const reactClicks = vi.fn();
    byId('toggle').addEventListener('click', reactClicks);
    byId('toggle').click();
    expect(byId('menu').hidden).toBe(false);
    expect(byId('toggle').getAttribute('aria-expanded')).toBe('true');
    byId('toggle').click();
    expect(byId('menu').hidden).toBe(true);
    expect(byId('toggle').getAttribute('aria-expanded')).toBe('false');
    hydrate(config, byId('toggle'));
    vi.advanceTimersByTime(100);
    expect(reactClicks).not.toHaveBeenCalled();
  });

  it('closes on Escape, with focus on its toggle', () => {
    startOn(HEADER);
    byId('toggle').click();
    byId('search').focus();
    escape();
    expect(byId('menu').hidden).toBe(true);
    expect(byId('toggle').getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(byId('toggle'));
  });

  it("leaves Escape to React's menu once the page has hydrated", () => {
    const config = startOn(HEADER);
    byId('toggle').click();
    hydrate(config);
    byId('search').focus();
    escape();
    expect(byId('menu').hidden).toBe(false);
    expect(document.activeElement).toBe(byId('search'));
  });
});
