import { devices, type Browser, type Page, type ViewportSize } from '@playwright/test';

/**
 * Pages as a visitor first opens them, for the tests of a file that only read them (no click, key
 * or resize): each address is loaded once for the file, not once per test. A test that interacts
 * opens its own page.
 */
export interface PageViews {
  view(path: string): Promise<Page>;
  close(): Promise<void>;
}

/** Views of `origin` in a context of their own, as the `page` fixture's browser (playwright.config.ts). */
export async function openPageViews(browser: Browser, origin: string, viewport?: ViewportSize): Promise<PageViews> {
  const { defaultBrowserType: _, ...desktop } = devices['Desktop Chrome'];
  const context = await browser.newContext(viewport ? { ...desktop, viewport } : desktop);
  const viewed = new Map<string, Promise<Page>>();
  return {
    view(path) {
      let page = viewed.get(path);
      if (!page) {
        page = context.newPage().then(async (opened) => {
          await opened.goto(origin + path);
          return opened;
        });
        viewed.set(path, page);
      }
      return page;
    },
    close: () => context.close(),
  };
}
