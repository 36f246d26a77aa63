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
  /** A calculator (kinds 'result', 'figures'): the results region whose text changes. */
  resultSelector?: string;
  /** A calculator (kind 'figures'): the name of the field the digit is typed at the end of. */
  field?: string;
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

/** A calculator's first figure: typing into it must update the results at once (issue 19). */
const calculatorField = (label: string): Control => ({
  label: `typing '${label}' -> result`,
  kind: 'result',
  resultSelector: '[aria-labelledby=calc-results-title]',
  find: (page) => main(page).getByLabel(label, { exact: true }),
});

/**
 * A calculator's first digit, judged on its figures (issue 32): one '0' typed at the end of the
 * field, and the first frame whose results are the server's for the query with that digit.
 */
export const FIGURES_DIGIT = '0';
const calculatorFigures = (label: string, field: string): Control => ({
  label: `'${FIGURES_DIGIT}' at the end of '${label}' -> figures`,
  kind: 'figures',
  resultSelector: '#calc-live',
  field,
  find: (page) => main(page).getByLabel(label, { exact: true }),
});

/**
 * Every public page with the controls a phone visitor may tap first: each page, and each kind of
 * control on a page where it is among the first things to tap, within about 15 minutes (each row
 * costs 20 first visits of 3 to 9 s). The header's Contact button is not among them: below 640 px it
 * is hidden, and the contact dialog is reached through the mobile menu (a second tap). The phone
 * toast is in every page's first viewport. The forms of /rates and /ebook and every submit button
 * are below it (the sample scrolls there first). `more` repeats what the default rows already show
 * (the same page's boot, the same component): measured with `--all`. `post`: the newest blog post.
 */
export const MATRIX: { page: string; controls: Control[]; more: Control[] }[] = [
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
    more: [phoneToast],
  },
  { page: '/rates', controls: [phoneToast, submit('Check My Qualification')], more: [formField] },
  { page: '/blog', controls: [phoneToast, mobileMenu], more: [] },
  { page: 'post', controls: [phoneToast], more: [mobileMenu] },
  { page: '/ebook', controls: [phoneToast, formField], more: [submit('Download Now')] },
  { page: '/contact', controls: [phoneToast, formField, submit('Send Message')], more: [mobileMenu] },
  // The calculators: rendered per request; their live script answers each digit (issue 32).
  {
    page: '/calculators/construction-interest',
    controls: [calculatorFigures('Construction loan amount ($)', 'amount')],
    more: [calculatorField('Construction loan amount ($)'), phoneToast],
  },
  {
    page: '/calculators/construction-to-permanent',
    controls: [calculatorFigures('Loan amount ($)', 'amount')],
    more: [calculatorField('Loan amount ($)'), phoneToast],
  },
  {
    page: '/calculators/maximum-loan',
    controls: [calculatorFigures('Land value or price ($)', 'landValue')],
    more: [calculatorField('Land value or price ($)'), phoneToast],
  },
  {
    page: '/calculators/debt-to-income',
    controls: [calculatorFigures('Gross monthly income ($)', 'income')],
    more: [calculatorField('Gross monthly income ($)'), phoneToast],
  },
  // Boots at load as served (BootAtLoad): no booted-at-load column, so its rows cost half.
  { page: '/apply', controls: [formField, submit('Submit Application')], more: [phoneToast] },
];

/** Where to tap a control, found once per page on an unthrottled load. */
export interface TapPoint {
  /** The centre of a control in the first viewport; null for one below it. */
  at: { x: number; y: number } | null;
  /** describeControl() of the control: each sample checks it tapped this. */
  expected: string;
  /** A calculator (kind 'figures'): the results' text the server gives with the digit typed. */
  expectedText?: string;
}

export interface Survey {
  /** false when the page as served already carries Next's scripts (it boots at load: /apply). */
  deferred: boolean;
  points: Map<Control, TapPoint>;
}

/**
 * Loads the page once without throttling and finds each control: where it is when it is in the
 * first viewport, as the samples must not ask the page while it boots (on a busy main thread that
 * would delay the tap). A control below is found again in each sample, when it scrolls there.
 */
export async function surveyPage(browser: Browser, url: string, controls: Control[]): Promise<Survey> {
  const context = await browser.newContext({ ...PHONE });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const deferred = (await page.locator('script[src*="/_next/static/"]').count()) === 0;
    const points = new Map<Control, TapPoint>();
    for (const control of controls) {
      const locator = control.find(page);
      const expected = await locator.evaluate(describeControl, undefined, { timeout: 5_000 });
      const box = await locator.boundingBox();
      if (!box) throw new Error(`${url}: ${control.label} has no box`);
      const inView = box.y >= 0 && box.y + box.height <= PHONE.viewport.height;
      const expectedText = control.kind === 'figures' ? await figuresWithDigit(page, url, control) : undefined;
      points.set(control, {
        at: inView ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null,
        expected,
        expectedText,
      });
    }
    return { deferred, points };
  } finally {
    await context.close();
  }
}

/**
 * The text of a calculator's results as the server renders them for the form's query with
 * FIGURES_DIGIT added at the end of the control's field (loaded as a fresh GET: the server's answer).
 */
async function figuresWithDigit(page: Page, url: string, control: Control): Promise<string> {
  await page.goto(url, { waitUntil: 'load' });
  const query = await page.locator('#calc-form').evaluate(
    (form, [field, digit]) => {
      const values = new URLSearchParams(new FormData(form as HTMLFormElement) as unknown as Record<string, string>);
      values.set(field!, `${values.get(field!) ?? ''}${digit}`);
      return values.toString();
    },
    [control.field!, FIGURES_DIGIT],
  );
  await page.goto(`${url.split('?')[0]}?${query}`, { waitUntil: 'load' });
  const text = await page.locator(control.resultSelector!).textContent();
  await page.goto(url, { waitUntil: 'load' });
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Scrolls a control below the first viewport to the middle of the screen, at once (the site's CSS
 * asks for smooth scrolling), and returns its centre once the frame with the new position is done.
 * The 'scroll' event starts a deferred page's boot, as a visitor's swipe would.
 */
export async function scrollToControl(page: Page, control: Control): Promise<{ x: number; y: number }> {
  return control.find(page).evaluate(
    (element) =>
      new Promise<{ x: number; y: number }>((resolve) => {
        element.scrollIntoView({ block: 'center', behavior: 'instant' });
        requestAnimationFrame(() => {
          const box = element.getBoundingClientRect();
          resolve({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
        });
      }),
  );
}
