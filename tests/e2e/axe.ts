import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * An axe run inside the page itself (axe.run: the builder's "legacy mode"). The default runs each
 * frame's part and then opens a new blank page to put the parts together, which is there for
 * cross-origin frames. Our pages have none; that blank page cost half of every run's time, and
 * the outcome is the same: on four dashboard sections every rule passed, was incomplete, did not
 * apply or failed alike in both modes (issue 29). A frame from another origin would go unchecked
 * in this mode, so one fails the run instead.
 */
export function sameOriginAxe(page: Page): AxeBuilder {
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .map((frame) => frame.url())
    .filter((address) => /^https?:/.test(address) && new URL(address).origin !== origin);
  expect(foreign, 'a frame from another origin: axe must run in its default mode to check it').toEqual([]);
  return new AxeBuilder({ page }).setLegacyMode();
}
