import { expect, test, type Page } from '@playwright/test';
import { HYDRATED_ATTRIBUTE } from '../../lib/site/deferred-boot-markers';
import { sameOriginAxe } from './axe';
import { startServer, type RunningServer } from './server';

/**
 * The calculator pages (issues 19 and 32): server-rendered from the query (a GET form, no
 * JavaScript needed), recalculated as the visitor types by the page's small live script, loaded
 * after the page (ADR 039), before React and after it; Next's scripts boot like every public page's,
 * at the first interaction.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

const INTEREST = '/calculators/construction-interest';
const PERMANENT = '/calculators/construction-to-permanent';
const MAXIMUM = '/calculators/maximum-loan';
const DTI = '/calculators/debt-to-income';

const total = (page: Page) => page.getByTestId('total-interest');

/** The figures the server shows for a query, by test id (the page without JavaScript). */
async function serverFigures(path: string): Promise<Record<string, string>> {
  const html = await (await fetch(`${server.url}${path}`)).text();
  return Object.fromEntries([...html.matchAll(/data-testid="([\w-]+)"[^>]*>([^<]*)</g)].map(([, id, text]) => [id!, text!]));
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('construction interest: the query is computed on the server, the GET form recomputes', async ({ page }) => {
    await page.goto(`${server.url}${INTEREST}?amount=400000&rate=7.5&months=12&draw=even`);
    await expect(total(page)).toHaveText('$16,250.00');
    await expect(page.getByRole('table', { name: 'Monthly draw schedule' }).getByRole('row')).toHaveCount(14);
    await expect(page.getByText('This is an estimate, not an offer of credit.')).toBeVisible();
    // The monthly interest is a payment: the APR and the terms stand beside it (their figures, and
    // the page a bad value gives, are in tests/integration/calculator-pages.test.ts).
    const disclosure = page.getByTestId('payment-disclosure');
    await expect(disclosure.getByTestId('apr')).toBeVisible();
    await expect(disclosure.getByTestId('terms')).toBeVisible();

    await page.getByLabel('Construction loan amount ($)').fill('200000');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page).toHaveURL(/amount=200000/);
    await expect(total(page)).toHaveText('$8,125.00');
  });

  test('the index lists the calculators and the sitemap has them', async ({ page }) => {
    await page.goto(`${server.url}/calculators`);
    await page.getByRole('main').getByRole('link', { name: 'Construction-to-Permanent Payment Calculator' }).click();
    await expect(page).toHaveURL(new RegExp(`${PERMANENT}$`));
    // Prefilled from the rates table: the first advertised rate (the seed's 6.75%).
    await expect(page.getByLabel('Interest rate (%)')).toHaveValue('6.75');
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Debt-to-Income (DTI) Calculator' }).click();
    await expect(page).toHaveURL(new RegExp(`${DTI}$`));
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const path of ['/calculators', INTEREST, PERMANENT, MAXIMUM, DTI]) expect(sitemap).toContain(`${path}</loc>`);
  });
});

test.describe('construction-to-permanent without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the payment, its APR and terms side by side, the GET form recomputes', async ({ page }) => {
    await page.goto(`${server.url}${PERMANENT}?amount=400000&rate=6.75&years=30`);
    const disclosure = page.getByTestId('payment-disclosure');
    await expect(disclosure.getByTestId('payment')).toHaveText('$2,594.39');
    await expect(disclosure.getByTestId('apr')).toHaveText(/^\d+\.\d+%$/);
    await expect(disclosure).toContainText('360 monthly payments');
    // Equal prominence: the APR is the same size as the payment.
    const size = (testId: string) => disclosure.getByTestId(testId).evaluate((e) => getComputedStyle(e).fontSize);
    expect(await size('apr')).toBe(await size('payment'));
    await expect(page.getByRole('table', { name: 'Amortization by year' }).getByRole('row')).toHaveCount(32);
    await expect(page.getByText('This is an estimate, not an offer of credit.')).toBeVisible();

    await page.getByLabel('Term (years)').fill('15');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page).toHaveURL(/years=15/);
    await expect(page.getByTestId('payment')).toHaveText('$3,539.64');
  });
});

test.describe('with JavaScript', () => {
  test('construction interest: the live script answers the first digit before React, and after it', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto(`${server.url}${INTEREST}?amount=400000&rate=7.5&months=12&draw=even`);
    expect(response!.headers()['cache-control']).toContain('no-store');
    await page.waitForLoadState('load');
    expect(scripts.filter((url) => url.includes('/_next/static/'))).toEqual([]);
    await expect(total(page)).toHaveText('$16,250.00');

    // Typed with React held back (Next's scripts wait here): the page's own live script answers,
    // with the figures the server gives for the same query, and nothing is marked stale.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/**/*.js', async (route) => {
      await held;
      await route.continue();
    });
    const amount = page.getByLabel('Construction loan amount ($)');
    await amount.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('800000');
    const served = await serverFigures(`${INTEREST}?amount=800000&rate=7.5&months=12&draw=even`);
    await expect(total(page)).toHaveText(served['total-interest']!);
    await expect(page.getByTestId('payment')).toHaveText(served.payment!);
    await expect(page.getByTestId('apr')).toHaveText(served.apr!);
    await expect(page.getByRole('table', { name: 'Monthly draw schedule' }).getByRole('row')).toHaveCount(14);
    await expect(page.locator('#calc-results')).not.toHaveAttribute('data-early-stale');
    expect(await page.locator(`html[${HYDRATED_ATTRIBUTE}]`).count()).toBe(0);

    // React takes over: nothing typed or shown changes, and the next keystroke still counts.
    release();
    await expect(page.locator(`html[${HYDRATED_ATTRIBUTE}]`)).toHaveCount(1);
    await expect(amount).toHaveValue('800000');
    await expect(total(page)).toHaveText('$32,500.00');
    await amount.press('End');
    await page.keyboard.type('0');
    await expect(total(page)).toHaveText('$325,000.00');
    await expect(amount).toHaveValue('8000000');

    await page.getByLabel('How the builder is paid').selectOption('back');
    await expect(page.getByRole('table', { name: 'Monthly draw schedule' })).toContainText('Total');
    await page.getByLabel('How the builder is paid').selectOption('custom');
    await expect(page.getByTestId('invalid-inputs')).toContainText('Enter at least one draw amount.');
    await page
      .getByLabel('Draw amounts, one per month ($)')
      .fill('100000 100000 100000 100000 100000 100000 100000 100000 100000 100000 100000 100000');
    await page.getByLabel('Months of construction').fill('12');
    await expect(total(page)).toHaveText('$48,750.00');
    // The address follows, so the link shares what is on screen. It follows field by field: wait
    // for all of it (reloading at draw=custom with no draws yet shows the error, not the total).
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get('draw') === 'custom' &&
        url.searchParams.get('months') === '12' &&
        (url.searchParams.get('draws') ?? '').trim().split(/[\s,]+/).length === 12,
    );
    await page.reload();
    await expect(total(page)).toHaveText('$48,750.00');
  });

  test('construction-to-permanent: the payment follows the typing', async ({ page }) => {
    await page.goto(`${server.url}${PERMANENT}?amount=400000&rate=6.75&years=30`);
    const years = page.getByLabel('Term (years)');
    await years.focus();
    await expect(page.locator(`html[${HYDRATED_ATTRIBUTE}]`)).toHaveCount(1);
    await years.fill('15');
    await expect(page.getByTestId('payment')).toHaveText('$3,539.64');
    // 'Calculate' with JavaScript: the results are already there, the page stays (no reload).
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page).toHaveURL(/years=15/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await years.fill('0');
    await expect(page.getByTestId('invalid-inputs')).toContainText('Term (years)');
    await expect(page).toHaveURL(/years=0/);
  });
});

/**
 * Each page loaded once and checked at both widths. Loaded without interaction the page runs no
 * script (see the tests above), so its markup is the server's and the same at either width (and
 * stays so when the shell's own pointermove boots it: React hydrates that markup): a second load
 * per width only repeated the first. Axe reads the styles again on each run, so the
 * phone layout's contrast, sizes and overlaps are checked as before. Axe runs inside the page
 * (tests/e2e/axe.ts: the calculator pages have no frames).
 */
async function expectNoAxeViolationsAtBothWidths(page: Page, paths: string[]): Promise<void> {
  const found: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(server.url + path);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const { violations } = await sameOriginAxe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      found.push(...violations.map((v) => `${width} ${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
    }
  }
  expect(found).toEqual([]);
}

test('every calculator page fits a 390 px phone: a long schedule scrolls in its own box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [
    `${INTEREST}?months=36&draw=front`,
    `${PERMANENT}?amount=12000000&years=40`,
    MAXIMUM,
    DTI,
    '/calculators',
  ]) {
    await page.goto(server.url + path);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.page, path).toBeLessThanOrEqual(widths.view);
  }
  // The schedule itself is wider than the phone, and scrolls inside its region.
  const schedule = page.getByRole('region', { name: 'Amortization by year' });
  await page.goto(`${server.url}${PERMANENT}?amount=12000000&years=40`);
  expect(await schedule.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
});

test('calculator pages pass axe at phone and desktop widths', async ({ page }) => {
  await expectNoAxeViolationsAtBothWidths(page, ['/calculators', INTEREST, `${INTEREST}?months=0`, PERMANENT]);
});

test.describe('maximum loan and debt-to-income without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('maximum loan: the binding limit and why, equity and cash; land being bought hides what is owed', async ({ page }) => {
    await page.goto(`${server.url}${MAXIMUM}?land=owned&landValue=150000&landOwed=50000&cost=400000&value=500000&ltc=90&ltv=80`);
    await expect(page.getByTestId('maximum-loan')).toHaveText('$400,000.00');
    await expect(page.getByTestId('binding')).toHaveText('Loan-to-value');
    await expect(page.getByText('80% of the value when complete ($500,000.00) is $400,000.00')).toBeVisible();
    await expect(page.getByTestId('ltc-limit')).toHaveText('$495,000.00');
    await expect(page.getByTestId('land-equity')).toHaveText('$100,000.00');
    await expect(page.getByTestId('cash-at-closing')).toHaveText('$50,000.00');
    await expect(page.getByText('This is an estimate, not an offer of credit.')).toBeVisible();

    await page.getByLabel('The land', { exact: true }).selectOption('buying');
    await expect(page.getByLabel('Still owed on the land ($)')).toBeHidden();
    await page.getByLabel('Land value or price ($)').fill('100000');
    await page.getByLabel('Appraised value when complete ($)').fill('700000');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page).toHaveURL(/land=buying/);
    await expect(page.getByTestId('binding')).toHaveText('Loan-to-cost');
    await expect(page.getByTestId('maximum-loan')).toHaveText('$450,000.00');
    await expect(page.getByTestId('land-equity')).toHaveText('$0.00');
    await expect(page.getByTestId('cash-at-closing')).toHaveText('$50,000.00');
  });

  test('debt-to-income: the payment comes from the link, clear words when over the maximum', async ({ page }) => {
    await page.goto(`${server.url}${DTI}?payment=3539.64`);
    await expect(page.getByLabel('Proposed housing payment ($ a month)')).toHaveValue('3539.64');
    await page.getByLabel('Gross monthly income ($)').fill('6000');
    await page.getByLabel('Other monthly debt payments ($)').fill('1500');
    await page.getByLabel('Proposed housing payment ($ a month)').fill('3200');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByTestId('back-end')).toHaveText('78.33%');
    await expect(page.getByTestId('front-end')).toHaveText('53.33%');
    await expect(page.getByTestId('dti-verdict')).toContainText('Over our 50% maximum');
    await expect(page.getByTestId('dti-verdict')).toContainText('pay $1,700.00 less a month');
  });
});

test.describe('maximum loan and debt-to-income with JavaScript', () => {
  test('maximum loan follows the typing', async ({ page }) => {
    await page.goto(`${server.url}${MAXIMUM}?land=owned&landValue=100000&landOwed=0&cost=400000&value=550000&ltc=90&ltv=80`);
    await expect(page.getByTestId('binding')).toHaveText('What the project needs');
    const cost = page.getByLabel('Construction cost ($)');
    await cost.focus();
    await expect(page.locator(`html[${HYDRATED_ATTRIBUTE}]`)).toHaveCount(1);
    await cost.fill('500000');
    // LTC 90% of 600,000 = 540,000; LTV 80% of 550,000 = 440,000 binds; 500,000 is needed.
    await expect(page.getByTestId('maximum-loan')).toHaveText('$440,000.00');
    await expect(page.getByTestId('binding')).toHaveText('Loan-to-value');
    await expect(page.getByTestId('cash-at-closing')).toHaveText('$60,000.00');
    await page.getByLabel('The land', { exact: true }).selectOption('buying');
    await expect(page.getByTestId('land-equity')).toHaveText('$0.00');
    await expect(page.getByTestId('cash-at-closing')).toHaveText('$160,000.00');
    await expect(page).toHaveURL(/land=buying/);
  });

  test('the payment calculator links its payment to debt-to-income, which follows the typing', async ({ page }) => {
    await page.goto(`${server.url}${PERMANENT}?amount=400000&rate=6.75&years=30`);
    await page.getByRole('link', { name: 'Check your debt-to-income ratio with this payment' }).click();
    await expect(page).toHaveURL(/payment=2594\.39/);
    await expect(page.getByLabel('Proposed housing payment ($ a month)')).toHaveValue('2594.39');
    const income = page.getByLabel('Gross monthly income ($)');
    await income.focus();
    await expect(page.locator(`html[${HYDRATED_ATTRIBUTE}]`)).toHaveCount(1);
    await income.fill('12000');
    await page.getByLabel('Other monthly debt payments ($)').fill('800');
    await expect(page.getByTestId('back-end')).toHaveText('28.29%');
    await expect(page.getByTestId('dti-verdict')).toContainText('Within our 50% maximum');
    await income.fill('5000');
    await expect(page.getByTestId('dti-verdict')).toContainText('Over our 50% maximum');
    await income.fill('0');
    await expect(page.getByTestId('invalid-inputs')).toContainText('Gross monthly income ($)');
  });
});

test('maximum loan and debt-to-income pass axe at phone and desktop widths', async ({ page }) => {
  await expectNoAxeViolationsAtBothWidths(page, [
    MAXIMUM,
    `${MAXIMUM}?land=buying&cost=0`,
    DTI,
    `${DTI}?income=3000&debts=900&payment=2000`,
  ]);
});
