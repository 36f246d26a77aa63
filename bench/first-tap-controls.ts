import { devices, type Browser, type Locator, type Page } from '@playwright/test';
import { describeControl, type ResponseKind } from './first-tap-probe';

/** A phone: Playwright's Pixel 7 (412 x 839 CSS px, touch, mobile viewport, Android Chrome's user agent). */
export const PHONE = devices['Pixel 7']!;

export interface Control {
  /** As the table shows it. */
  label: string;
  kind: ResponseKind;
  find: (page: Page) => Locator;
  /** The text that shows the response: a toast's title, or the complaint of a form sent empty. */
  text?: string;
}

const banner = (page: Page) => page.getByRole('banner');
const main = (page: Page) => page.getByRole('main');

const phoneToast: Control = {
  label: 'phone toast',
  kind: 'toast',
  text: 'Ready to Call',
  find: (page) => banner(page).getByRole('button', { name: /^Call / }),
};
const mobileMenu: Control = {
  label: 'mobile menu',
  kind: 'menu',
  find: (page) => banner(page).getByRole('button', { name: /menu/i }),
};
const formField: Control = {
  label: 'typing into a field',
  kind: 'field',
  find: (page) => main(page).locator('form').getByRole('textbox').first(),
};
const submit = (name: string): Control => ({
  label: `'${name}', empty form`,
  kind: 'submit',
  // 'Incomplete Information' or '⚠️ Incomplete Form' (the spec's toasts); fields marked invalid count too.
  text: 'Incomplete',
  find: (page) => main(page).getByRole('button', { name, exact: true }),
});

/**
 * Every public page with the controls a phone visitor may tap first. The header's Contact button
 * is not among them: below 640 px it is hidden, and the contact dialog is reached through the
 * mobile menu (a second tap). The mobile menu is measured on two pages (the heaviest and a light
 * one): it behaves alike everywhere. The phone toast is in every page's first viewport; on the home
 * page the hero's toast stands for it (same page, same toast code). The forms of /rates and /ebook
 * and every submit button are below the first viewport (the sample scrolls there first).
 * `post` stands for the newest blog post.
 */
export const MATRIX: { page: string; controls: Control[] }[] = [
  {
    page: '/',
    controls: [
      {
        label: "'Start Qualification' dialog",
        kind: 'dialog',
        find: (page) => main(page).getByRole('button', { name: 'Start Qualification', exact: true }),
      },
      {
        label: "'Feature in Progress' toast",
        kind: 'toast',
        text: 'Feature in Progress',
        find: (page) => main(page).getByRole('button', { name: 'Get Free Consultation', exact: true }),
      },
      mobileMenu,
    ],
  },
  { page: '/rates', controls: [phoneToast, formField, submit('Check My Qualification')] },
  { page: '/blog', controls: [phoneToast, mobileMenu] },
  { page: 'post', controls: [phoneToast] },
  { page: '/ebook', controls: [phoneToast, formField, submit('Download Now')] },
  { page: '/contact', controls: [phoneToast, formField, submit('Send Message')] },
  { page: '/apply', controls: [phoneToast, formField, submit('Submit Application')] },
];

/** Where to tap a control, found once per page on an unthrottled load. */
export interface TapPoint {
  x: number;
  y: number;
  /** describeControl() of the control: each sample checks it tapped this. */
  expected: string;
  /** Set when the control is below the first viewport: the sample scrolls there first. */
  scrollY?: number;
}

export interface Survey {
  /** false when the page as served already carries Next's scripts (it boots at load: /apply). */
  deferred: boolean;
  points: Map<Control, TapPoint>;
}

/**
 * Loads the page once without throttling and measures where each control is, without scrolling
 * for those in the first viewport (the samples must not compute boxes while the page boots: on a
 * busy main thread that would delay the tap). Controls further down get the scroll that centres them.
 */
export async function surveyPage(browser: Browser, url: string, controls: Control[]): Promise<Survey> {
  const context = await browser.newContext({ ...PHONE });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const deferred = (await page.locator('script[src*="/_next/static/"]').count()) === 0;
    const height = PHONE.viewport.height;
    const points = new Map<Control, TapPoint>();
    for (const control of controls) {
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      const locator = control.find(page);
      const expected = await locator.evaluate(describeControl, undefined, { timeout: 5_000 });
      let box = await locator.boundingBox();
      if (!box) throw new Error(`${url}: ${control.label} has no box`);
      let scrollY: number | undefined;
      if (box.y < 0 || box.y + box.height > height) {
        scrollY = Math.max(0, Math.round(box.y + box.height / 2 - height / 2));
        scrollY = await page.evaluate((y) => {
          window.scrollTo({ top: y, behavior: 'instant' });
          return window.scrollY;
        }, scrollY);
        box = await locator.boundingBox();
        if (!box) throw new Error(`${url}: ${control.label} has no box after scrolling`);
      }
      points.set(control, { x: box.x + box.width / 2, y: box.y + box.height / 2, expected, scrollY });
    }
    return { deferred, points };
  } finally {
    await context.close();
  }
}
