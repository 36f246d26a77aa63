import { bootOnFirstInteraction, createBootPage } from './boot';
import type { BootConfig } from './config';
import { returnFocusFromDialogs } from './dialogs';
import { answerTapsEarly } from './early-taps';
import { bootEagerForms, markFirstFocus } from './forms';
import { closeMenusOnEscape } from './menu';
import { prefetchAfterLoad } from './next-scripts';

/**
 * The browser half of the deferred boot (ADRs 009 and 015): Next's scripts, taken out of a public
 * page by the server, run at the first sign of a person, and until React has hydrated the page
 * answers a visitor's taps itself. Each part below is a function of the page it runs on (./page.ts);
 * the boot itself starts listening last, once every part is ready for the page's first event.
 */
export function startBoot(config: BootConfig): void {
  const page = createBootPage(config);
  bootEagerForms(page);
  prefetchAfterLoad(page);
  answerTapsEarly(page);
  markFirstFocus(page);
  closeMenusOnEscape(page);
  returnFocusFromDialogs(page);
  bootOnFirstInteraction(page);
}
