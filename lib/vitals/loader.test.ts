// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OWNER_MARKER_COOKIE } from '../auth/owner-marker';
import { COLLECTOR_IDLE_WAIT_MS, collectorLoader, isCollectorLoader } from './loader';

/**
 * The inline loader on every public page, run as the page runs it: the collector's script is
 * added once the page has loaded and the browser offers an idle moment, or at the latest after
 * COLLECTOR_IDLE_WAIT_MS, and never for the owner.
 */

const SRC = '/_vitals/0123456789abcdef.js';
const collectorScripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src.endsWith(SRC));
const runLoader = () => new Function(collectorLoader(SRC))();

/** A browser that never offers an idle moment: the callback runs only once its deadline passes. */
function starvedIdle() {
  const asked: (IdleRequestOptions | undefined)[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) => {
    asked.push(options);
    if (options?.timeout) setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), options.timeout);
    return asked.length;
  });
  return asked;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.cookie = `${OWNER_MARKER_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

describe('the Web Vitals loader', () => {
  it('adds the collector within its wait even when the browser never goes idle', () => {
    vi.useFakeTimers();
    const asked = starvedIdle();
    runLoader(); // the test page has loaded: it asks for an idle moment at once
    expect(asked).toEqual([{ timeout: COLLECTOR_IDLE_WAIT_MS }]);
    vi.advanceTimersByTime(COLLECTOR_IDLE_WAIT_MS - 1);
    expect(collectorScripts()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(collectorScripts()).toHaveLength(1);
    expect(collectorScripts()[0]!.async).toBe(true);
  });

  it("adds nothing to the owner's pages", () => {
    vi.useFakeTimers();
    starvedIdle();
    document.cookie = `${OWNER_MARKER_COOKIE}=1`;
    runLoader();
    vi.advanceTimersByTime(60_000);
    expect(collectorScripts()).toHaveLength(0);
  });

  it('is recognised with its own config only (the pages allow it by its hash)', () => {
    expect(isCollectorLoader(collectorLoader(SRC))).toBe(true);
    expect(isCollectorLoader(`${collectorLoader(SRC)};alert(1)`)).toBe(false);
  });
});
