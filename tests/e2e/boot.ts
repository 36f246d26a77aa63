import { expect, type Page } from '@playwright/test';
import { HYDRATED_ATTRIBUTE } from '../../lib/site/deferred-boot-markers';

/**
 * Public pages load their scripts at the first interaction (server/deferred-boot). For tests
 * about what happens once a page is running, not about how it boots: interact as a visitor's
 * first pointer move would, and wait until React has hydrated the page.
 */
export async function bootPage(page: Page): Promise<void> {
  // A mouse that moved: the boot ignores a pointermove without movement (Chrome's own under a
  // resting cursor), and a browser's first move may report none.
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await expect(page.locator(`html[${HYDRATED_ATTRIBUTE}]`)).toHaveCount(1);
}
