import type { BootConfig } from './config';
import { runNextScripts } from './next-scripts';
import type { BootPage } from './page';
import { WATCH, watchForPause } from './pause';

// Not touchstart or pointerdown: booting then could start compiling scripts (already in the
// cache) before the tap's click has been answered and painted.
const TRIGGERS = ['pointerup', 'touchend', 'pointermove', 'keydown', 'focusin', 'wheel', 'scroll'];

/** The page's shared state, with the boot itself: Next's scripts, once, after a paint, in a pause. */
export function createBootPage(config: BootConfig): BootPage {
  const untilPause = watchForPause();
  const page: BootPage = { config, booted: false, hydrated: false, eager: false, held: null, boot };

  function boot(event?: Event) {
    // A finger resting on the screen sends pointermove too; only a mouse moving means a desktop.
    if (page.booted || (event && event.type === 'pointermove' && (event as PointerEvent).pointerType !== 'mouse')) return;
    page.booted = true;
    page.eager = document.querySelector('[' + config.early.eagerBoot + ']') !== null;
    TRIGGERS.forEach((type) => window.removeEventListener(type, boot, WATCH));
    // The payload's data scripts must all be in the document before they are handed over, and
    // whatever the tap changed is painted before any script runs.
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);
    else afterPaint();
  }

  function afterPaint() {
    let started = false;
    const once = () => {
      if (started) return;
      started = true;
      whenQuiet();
    };
    requestAnimationFrame(() => setTimeout(once, 0));
    // A hidden page gets no animation frames.
    setTimeout(once, 250);
  }

  // A control pressed that needs React (a submit) does not wait for the pause, nor a form whose
  // every keystroke React answers (a calculator: its result would otherwise lag a second behind).
  function whenQuiet() {
    const wait = untilPause();
    // Checked again soon: a submit pressed meanwhile must not wait out the pause.
    if (page.held === null && !page.eager && wait > 0) setTimeout(whenQuiet, Math.min(wait, 100));
    else runNextScripts(config);
  }

  window.addEventListener(config.hydratedEvent, () => {
    page.hydrated = true;
  });
  return page;
}

/** True when the page needs React from the start: inline editing, a query it reads, a kept draft. */
function wantsBootNow(config: BootConfig): boolean {
  return (
    ('; ' + document.cookie).indexOf('; ' + config.ownerCookie + '=1') >= 0 ||
    config.bootParams.some((name) => new URLSearchParams(location.search).has(name)) ||
    config.bootIfStored.some((key) => {
      try {
        return sessionStorage.getItem(key) !== null;
      } catch {
        return false;
      }
    })
  );
}

/** Boots at once when the page needs React from the start, else at the first sign of a person. */
export function bootOnFirstInteraction(page: BootPage): void {
  if (wantsBootNow(page.config)) page.boot();
  else TRIGGERS.forEach((type) => window.addEventListener(type, page.boot, WATCH));
}
