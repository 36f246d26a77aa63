import type { Browser, Page } from '@playwright/test';
import { OWNER_MARKER_COOKIE } from '../lib/auth/owner-marker';
import { FIGURES_DIGIT, PHONE, scrollToControl, type Control, type TapPoint } from './first-tap-controls';
import { probeScript, type ProbeResult } from './first-tap-probe';

/**
 * Lighthouse's mobile settings ("slow 4G" on a mid-range phone): 4x CPU slowdown, 150 ms round
 * trip, 1.6 Mbps down and 750 Kbps up (CDP wants bytes per second).
 */
export const THROTTLING = {
  cpuRate: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

/**
 * A field: tap it, type one key every 100 ms (a fast thumb) for 1 s, stop for 1.5 s as a visitor
 * thinking or moving on would, then type again for 3 s. Each visit counts its slowest key. The
 * first key alone, typed right after the tap, always echoes at once (the scripts are still on
 * their way then); keys wait when they land in the long task of running the scripts and
 * hydrating, which a boot may start during typing or hold back to a pause: the two bursts catch
 * both.
 */
export const TYPING = { character: 'k', everyMs: 100, burstsMs: [1_000, 3_000], pauseMs: 1_500 };
/**
 * A calculator: tap a figure's field and type three digits 100 ms apart, right away, as a visitor
 * changing the amount would. The response is the results updated for the first digit (or later
 * ones with it): from that key's input to the frame that shows different results.
 */
export const RESULT_TYPING = { character: '5', keys: 3, everyMs: 100 };

async function typeDigits(page: Page) {
  for (let key = 0; key < RESULT_TYPING.keys; key++) {
    const pressed = Date.now();
    await page.keyboard.press(RESULT_TYPING.character);
    await sleep(RESULT_TYPING.everyMs - (Date.now() - pressed));
  }
}

/** A response slower than this is not coming (the boot script gives up after 10 s). */
const RESPONSE_TIMEOUT_MS = 20_000;

export interface Sample {
  /** Tap to the frame showing the response; for a field, the slowest key to the frame showing it. */
  ms: number;
  /** A field: how many keys were typed. */
  keys?: number;
  /** When the tap came, measured in the page from its load event. */
  tapAfterLoadMs: number;
  /** A calculator: the first key to the frame acknowledging it (results marked 'Updating…'). */
  ackMs?: number;
}

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuRate });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: THROTTLING.downloadBytesPerSecond,
    uploadThroughput: THROTTLING.uploadBytesPerSecond,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Types into the focused field (TYPING), then tells the probe how many keys to wait for. */
async function type(page: Page) {
  let count = 0;
  for (const [index, burstMs] of TYPING.burstsMs.entries()) {
    if (index > 0) await sleep(TYPING.pauseMs);
    const start = Date.now();
    // press() returns once the page has taken the key: while its main thread is busy, fewer keys go.
    while (Date.now() - start < burstMs) {
      const pressed = Date.now();
      await page.keyboard.press(TYPING.character);
      count++;
      await sleep(TYPING.everyMs - (Date.now() - pressed));
    }
  }
  await page.evaluate(
    (keys) => (window as unknown as { __firstTapExpect: (count: number) => void }).__firstTapExpect(keys),
    count,
  );
}

/** Rejects after `ms`, saying what the probe saw by then; `cancel` once the answer came. */
function noResponse(page: Page, ms: number): { promise: Promise<never>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const soFar = page.evaluate(() => (window as unknown as { __firstTapSoFar: Partial<ProbeResult> }).__firstTapSoFar);
      void Promise.race([soFar, sleep(5_000)]).then(
        (seen) => reject(new Error(`no response within ${ms / 1000} s (probe: ${JSON.stringify(seen ?? null)})`)),
        (error: unknown) => reject(new Error(`no response within ${ms / 1000} s (${String(error)})`)),
      );
    }, ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * One first visit (a fresh context: empty cache, no cookie but the owner's marker when `bootedAtLoad`):
 * load under throttling, wait `delayMs` after the load event, tap (scrolling there first for a control
 * below the first viewport), type for a field (TYPING), and read the probe's timings.
 * Throws when the sample is not what it claims to be (a tap on something else, a boot before it).
 */
export async function takeSample(
  browser: Browser,
  options: { url: string; control: Control; point: TapPoint; delayMs: number; bootedAtLoad: boolean; deferred: boolean },
): Promise<Sample> {
  const { url, control, point } = options;
  const context = await browser.newContext({ ...PHONE });
  try {
    if (options.bootedAtLoad) await context.addCookies([{ name: OWNER_MARKER_COOKIE, value: '1', url: new URL(url).origin }]);
    const character =
      control.kind === 'figures' ? FIGURES_DIGIT : control.kind === 'result' ? RESULT_TYPING.character : TYPING.character;
    await context.addInitScript({
      content: probeScript({
        kind: control.kind,
        text: control.text,
        character,
        resultSelector: control.resultSelector,
        expectedText: point.expectedText,
      }),
    });
    const page = await context.newPage();
    await throttle(page);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const loaded = Date.now();
    await sleep(options.delayMs - (Date.now() - loaded));
    const at = point.at ?? (await scrollToControl(page, control));
    await page.touchscreen.tap(at.x, at.y);
    if (control.kind === 'field') await type(page);
    if (control.kind === 'result') await typeDigits(page);
    if (control.kind === 'figures') {
      // The caret goes where the finger landed: the digit goes at the end, as the probe typed it.
      await page.keyboard.press('End');
      await page.keyboard.press(FIGURES_DIGIT);
    }
    const probe = page.evaluate(() => (window as unknown as { __firstTap: Promise<ProbeResult> }).__firstTap);
    const deadline = noResponse(page, RESPONSE_TIMEOUT_MS);
    const result = await Promise.race([probe, deadline.promise]).finally(deadline.cancel);
    if (result.tapped !== point.expected) throw new Error(`the tap hit "${result.tapped}", not "${point.expected}"`);
    const firstInteraction = point.at !== null && options.deferred && !options.bootedAtLoad;
    if (firstInteraction && result.bootedBeforeTap) throw new Error('the page booted before the tap');
    if (options.bootedAtLoad && !result.bootedBeforeTap) throw new Error('the owner cookie did not boot the page at load');
    const tapAfterLoadMs = result.tapAt - result.loadAt;
    if (result.keyAt !== undefined)
      return { ms: result.shownAt! - result.keyAt, ackMs: (result.ackAt ?? result.shownAt!) - result.keyAt, tapAfterLoadMs };
    if (result.keys)
      return { ms: Math.max(...result.keys.map((key) => key.shownAt - key.at)), keys: result.keys.length, tapAfterLoadMs };
    return { ms: result.shownAt! - result.tapAt, tapAfterLoadMs };
  } finally {
    await context.close();
  }
}
