import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { defaultContent as c } from '../../lib/content/defaults';
import { seedRates } from '../../lib/rates/seed';
import { sameOriginAxe } from './axe';
import { bootPage } from './boot';
import { openPageViews, type PageViews } from './page-views';
import { root, startServer, type RunningServer } from './server';

/**
 * Read-only checks of every public screen against one server with the seeded content (the 404
 * pages, with JavaScript and without, and axe on them: not-found.spec.ts).
 */

let server: RunningServer;
/** The pages the tests only read (see `view`). */
let views: PageViews;
test.beforeAll(async ({ browser }) => {
  server = await startServer();
  views = await openPageViews(browser, server.url);
});
test.afterAll(async () => {
  await views.close();
  await server.stop();
});

/** A page as a visitor first opens it, for the tests that only read it (tests/e2e/page-views.ts). */
const view = (path: string): Promise<Page> => views.view(path);

/** The public pages at rest. */
const PAGES = ['/', '/rates', '/blog', '/blog/understanding-construction-loans', '/ebook', '/privacy', '/licenses'];

async function expectToast(page: Page, title: string, text?: string) {
  const toast = page.getByRole('status').filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (text) await expect(toast).toContainText(text);
}

test.describe('shared layout', () => {
  test('header: title, subtitle, links and the phone toast', async ({ page }) => {
    await page.goto(server.url + '/rates');
    const header = page.getByRole('banner');
    await expect(header.getByText(c.header.title)).toBeVisible();
    await expect(header.getByText(c.header.subtitle)).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Rates', 'Blog', 'Free Ebook'])
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    // Contact is a button that opens the contact form in place (leads.spec.ts: /contact without JavaScript).
    await expect(header.getByRole('button', { name: 'Contact' })).toHaveAttribute('aria-haspopup', 'dialog');
    await header.getByRole('button', { name: `Call ${c.contact.phone}` }).click();
    await expectToast(page, 'Ready to Call', c.contact.phone);
  });

  test('footer: quick links, services, contact lines, description, year, Admin, NMLS and Equal Housing', async () => {
    const page = await view('/');
    const footer = page.getByRole('contentinfo');
    const quick = footer.getByRole('navigation', { name: 'Quick Links' });
    for (const [label, href] of [
      ['Home', '/'],
      ['Rates', '/rates'],
      ['Blog', '/blog'],
      ['Free Ebook', '/ebook'],
      ['Calculators', '/calculators'],
      ['Pricing', '/#pricing'],
    ]) {
      await expect(quick.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href!);
    }
    for (const service of ['Free Qualification', 'Expert Consultation', 'Document Preparation', 'Guaranteed Approval']) {
      await expect(footer.getByText(service, { exact: true })).toBeVisible();
    }
    for (const line of [c.contact.phone, 'Email Available', 'Text Available', '24hr Response']) {
      await expect(footer.getByText(line, { exact: true })).toBeVisible();
    }
    await expect(footer.getByText(c.footer.description)).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${c.company.legalName}`);
    await expect(footer.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await expect(footer).toContainText(`NMLS ID ${c.company.nmlsId}`);
    await expect(footer.getByRole('link', { name: 'NMLS Consumer Access' })).toHaveAttribute(
      'href',
      new RegExp(`nmlsconsumeraccess\\.org/.*${c.company.nmlsId}`),
    );
    await expect(footer.getByText(c.company.equalHousingStatement)).toBeVisible();
    await expect(footer.getByRole('img', { name: 'Equal Housing Opportunity' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Licenses & Disclosures' })).toHaveAttribute('href', '/licenses');
  });

  test('the mobile menu opens and closes from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(server.url);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    // Its Contact opens the contact dialog; closing it brings focus back to the menu button.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const contact = menu.getByRole('button', { name: 'Contact' });
    await expect(contact).toHaveAttribute('aria-haspopup', 'dialog');
    const { violations } = await sameOriginAxe(page)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include('header')
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await contact.click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    await expect(dialog).toBeVisible();
    await expect(menu).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Rates' }).click();
    await expect(page).toHaveURL(/\/rates$/);
    await expect(menu).toBeHidden();
  });

  test('toasts are one at a time and reachable with F8', async ({ page }) => {
    await page.goto(server.url);
    // F8 is Radix's, once React runs (a toast raised before React shows at once, without it).
    await bootPage(page);
    await page.getByRole('button', { name: c.hero.secondaryButton }).click();
    await expectToast(page, 'Feature in Progress');
    await page.getByRole('button', { name: `Call ${c.contact.phone}` }).click();
    await expectToast(page, 'Ready to Call');
    await expect(page.getByRole('status')).toHaveCount(1);
    // The first toasts show at once in a light look-alike; F8 works once the Radix UI has arrived.
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toHaveCount(1);
    await page.keyboard.press('F8');
    // Radix moves focus into the notifications region (its list), where the toast's controls are.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role=region]')?.getAttribute('aria-label')))
      .toBe('Notifications (F8)');
  });
});

test.describe('home page', () => {
  test('sections in the spec order', async () => {
    const page = await view('/');
    const headings = await page.locator('main h1, main h2').allTextContents();
    const order = [
      'Build Your Dream Home with Construction Loan Experts',
      c.loanTypes.title,
      c.process.title,
      c.testimonials.title,
      c.pricing.title,
      c.cta.title,
      c.ratesTeaser.title,
      c.ebook.title,
    ];
    expect(headings.filter((h) => order.includes(h))).toEqual(order);
  });

  test('hero: buttons, features, badge and image', async ({ page }) => {
    await page.goto(server.url);
    await expect(page.getByRole('button', { name: c.hero.primaryButton })).toBeVisible();
    for (const feature of c.hero.features)
      await expect(page.getByRole('list', { name: 'Highlights' }).getByText(feature)).toBeVisible();
    await expect(page.getByText(c.hero.badge)).toBeVisible();
    const image = page.getByRole('img', { name: c.hero.imageAlt });
    await expect(image).toHaveAttribute('fetchpriority', 'high');
    await expect(image).toHaveAttribute('width', '1200');
    await page.getByRole('button', { name: c.hero.secondaryButton }).click();
    await expectToast(page, 'Feature in Progress');
  });

  test('stats, loan types with icons, and the 4-step process', async () => {
    const page = await view('/');
    for (const stat of c.stats.items) await expect(page.getByText(stat.label, { exact: true })).toBeVisible();
    const cards = page
      .getByRole('region', { name: c.loanTypes.title })
      .getByRole('listitem')
      .filter({ has: page.locator('h3') });
    await expect(cards).toHaveCount(c.loanTypes.loans.length);
    await expect(cards.first().locator('svg use[href="#icon-house"]')).toHaveCount(1);
    await expect(cards.nth(1).locator('svg use[href="#icon-wrench"]')).toHaveCount(1);
    const steps = page.getByRole('region', { name: c.process.title }).getByRole('heading', { level: 3 });
    await expect(steps).toHaveText(c.process.steps.map((s, i) => `Step ${i + 1}: ${s.title}`));
    await expect(page.getByRole('button', { name: 'Start Your Qualification Now' })).toBeVisible();
  });

  test('every control that opens a dialog is a button that says so', async () => {
    const page = await view('/');
    const openers = page.locator('[aria-haspopup]');
    expect(
      await openers.evaluateAll((all) => all.map((e) => `${e.tagName} ${e.getAttribute('aria-haspopup')} ${e.textContent}`)),
    ).toEqual(
      [
        'Contact', // header
        'Contact', // mobile menu
        c.hero.primaryButton,
        c.process.buttonText,
        c.cta.cta,
      ].map((name) => `BUTTON dialog ${name}`),
    );
    for (const name of [c.hero.primaryButton, c.process.buttonText, c.cta.cta, 'Contact'])
      await expect(page.getByRole('button', { name, exact: true, includeHidden: true })).toHaveCount(name === 'Contact' ? 2 : 1);
  });

  test('testimonials show one star per rating point', async () => {
    const page = await view('/');
    const reviews = page.getByRole('region', { name: c.testimonials.title }).getByRole('figure');
    await expect(reviews).toHaveCount(c.testimonials.reviews.length);
    for (const [i, review] of c.testimonials.reviews.entries()) {
      await expect(
        reviews
          .nth(i)
          .getByRole('img', { name: `Rated ${review.rating} out of 5` })
          .locator('svg use[href="#icon-star"]'),
      ).toHaveCount(review.rating);
      await expect(reviews.nth(i)).toContainText(review.name);
      await expect(reviews.nth(i)).toContainText(review.location);
    }
  });

  test('pricing: free consultation call, plans, highlight and the not-configured payment toast', async ({ page }) => {
    await page.goto(server.url + '/#pricing');
    const pricing = page.locator('#pricing');
    await expect(pricing).toBeInViewport();
    await expect(pricing.getByRole('heading', { name: 'Free Consultation Plan' })).toBeVisible();
    await pricing.getByRole('button', { name: c.pricing.freePlan.buttonText }).click();
    await expectToast(page, 'Ready to Call', c.contact.phone);
    for (const plan of c.pricing.plans) {
      const card = pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan.name }) });
      await expect(card).toContainText(plan.price);
      await expect(card).toContainText(plan.priceSuffix);
      await expect(card).toContainText(plan.description);
      for (const f of plan.features) await expect(card).toContainText(f.text);
      await expect(card.getByText('Most Popular')).toHaveCount(plan.highlight ? 1 : 0);
    }
    await pricing.getByRole('button', { name: 'Choose Jumbo' }).click();
    await expectToast(page, 'Feature not implemented');
  });

  test('call to action, rates teaser and ebook promotion', async ({ page }) => {
    await page.goto(server.url);
    const cta = page.getByRole('region', { name: c.cta.title });
    await expect(cta.getByRole('button', { name: c.cta.cta })).toBeVisible();
    await cta.getByRole('button', { name: 'Call Us' }).click();
    await expectToast(page, 'Ready to Call', c.contact.phone);
    const teaser = page.getByRole('region', { name: c.ratesTeaser.title });
    for (const rate of seedRates) await expect(teaser).toContainText(`${rate.apr} APR${rate.rate} Interest rate`);
    await expect(teaser.getByRole('link', { name: c.ratesTeaser.buttonText })).toHaveAttribute('href', '/rates');
    const promo = page.getByRole('region', { name: c.ebook.title });
    await expect(promo).toContainText(c.ebook.badge);
    for (const f of c.ebook.features) await expect(promo).toContainText(f);
    await expect(promo.getByRole('img', { name: c.ebook.imageAlt })).toBeVisible();
  });
});

test('the calculators are linked from the home page, the rates page (each rate prefilled) and the blog posts they concern', async () => {
  const calculators = {
    'Construction Loan Interest Calculator': '/calculators/construction-interest',
    'Construction-to-Permanent Payment Calculator': '/calculators/construction-to-permanent',
    'How Much Can I Borrow? Construction Loan Calculator': '/calculators/maximum-loan',
    'Debt-to-Income (DTI) Calculator': '/calculators/debt-to-income',
  };
  const home = (await view('/')).getByRole('region', { name: 'Run the numbers on your build' });
  for (const [name, href] of Object.entries(calculators))
    await expect(home.getByRole('link', { name })).toHaveAttribute('href', href);

  const ratesPage = await view('/rates');
  const rates = ratesPage.getByRole('region', { name: 'Put these rates to work' });
  for (const [name, href] of Object.entries(calculators))
    await expect(rates.getByRole('link', { name })).toHaveAttribute('href', href);
  for (const rate of seedRates)
    await expect(ratesPage.getByRole('link', { name: `Estimate the interest at this rate (${rate.type})` })).toHaveAttribute(
      'href',
      `/calculators/construction-interest?rate=${parseFloat(rate.rate)}`,
    );

  // The construction-loan guide is about draws, interest-only payments and the one-time close.
  const related = (await view('/blog/understanding-construction-loans')).getByRole('region', { name: 'Run the numbers' });
  await expect(related.getByRole('link')).toHaveCount(2);
  await expect(related.getByRole('link', { name: 'Construction Loan Interest Calculator' })).toBeVisible();
});

test('rates page: cards with the APR first, last updated and the disclaimer', async () => {
  const page = await view('/rates');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.rates.title);
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(cards).toHaveCount(4);
  for (const [i, rate] of seedRates.entries()) {
    await expect(cards.nth(i)).toContainText(rate.type);
    await expect(cards.nth(i)).toContainText(`${rate.apr} APR${rate.rate} Interest rate`);
    await expect(cards.nth(i)).toContainText(rate.term);
    await expect(cards.nth(i)).toContainText(rate.notes);
  }
  const today = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(),
  );
  await expect(page.getByText(`Last updated: ${today}. Rates are subject to change.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: c.rates.disclaimerTitle })).toBeVisible();
  await expect(page.getByText(c.rates.disclaimerText)).toBeVisible();
});

test('blog list and post', async ({ page }) => {
  await page.goto(server.url + '/blog');
  const articles = page.getByRole('article');
  await expect(articles).toHaveCount(2);
  await expect(articles.first().getByText('Featured')).toBeVisible();
  await expect(articles.nth(1).getByText('Featured')).toHaveCount(0);
  const firstTitle = (await articles.first().getByRole('heading').textContent()) ?? '';
  await articles.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
  await expect(page.getByText(/^Published on [A-Z][a-z]+ \d{1,2}, \d{4}/)).toBeVisible();
  await expect(page.locator('.article-body h2').first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('made-up post URLs leave nothing on disk: the server cannot be filled up by inventing URLs', async ({ request }) => {
  const slugs = Array.from({ length: 5 }, (_, index) => `made-up-${Date.now()}-${index}`);
  for (const slug of slugs) {
    expect((await request.get(`${server.url}/blog/${slug}`)).status()).toBe(404);
    // The second view is served from Next's cache (in memory), as any page is.
    expect((await request.get(`${server.url}/blog/${slug}`)).status()).toBe(404);
  }
  const written = readdirSync(join(root, '.next'), { recursive: true, encoding: 'utf8' });
  expect(written.filter((path) => slugs.some((slug) => path.includes(slug)))).toEqual([]);
});

test('ebook, privacy and licenses pages come from content', async ({ page }) => {
  await page.goto(server.url + '/ebook');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.ebook.title);
  await expect(page.getByText(c.ebook.description)).toBeVisible();
  for (const f of c.ebook.features) await expect(page.getByText(f)).toBeVisible();
  await expect(page.getByRole('img', { name: c.ebook.imageAlt })).toBeVisible();

  await page.goto(server.url + '/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.legal.privacy.title);
  for (const s of c.legal.privacy.sections) await expect(page.getByRole('heading', { name: s.heading })).toBeVisible();

  await page.goto(server.url + '/licenses');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.legal.licenses.title);
  await expect(page.getByRole('link', { name: 'Verify our licenses at NMLS Consumer Access' })).toBeVisible();
});

test('search engines: metadata, canonical URLs, JSON-LD, sitemap, robots and RSS', async ({ request }) => {
  let page = await view('/rates');
  await expect(page).toHaveTitle(c.meta.rates.title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', c.meta.rates.description);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/rates$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', c.meta.rates.title);

  page = await view('/');
  const business = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
  expect(business).toMatchObject({ '@type': 'FinancialService', telephone: c.contact.phone });

  page = await view('/blog/understanding-construction-loans');
  const posting = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
  expect(posting).toMatchObject({ '@type': 'BlogPosting', headline: 'Understanding Construction Loans: A Complete Guide' });

  const sitemap = await (await request.get(server.url + '/sitemap.xml')).text();
  for (const path of [
    '/rates',
    '/blog',
    '/ebook',
    '/blog/understanding-construction-loans',
    '/blog/owner-builder-loans-explained',
  ]) {
    expect(sitemap).toContain(`${path}</loc>`);
  }
  const robots = await (await request.get(server.url + '/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  const rss = await request.get(server.url + '/blog/rss.xml');
  expect(rss.headers()['content-type']).toContain('application/rss+xml');
  expect(await rss.text()).toContain('<title>Owner-Builder Loans: What You Need to Know</title>');
});

test('public pages are served from cache with headers a CDN can honour', async ({ request }) => {
  for (const path of ['/', '/rates', '/blog', '/blog/understanding-construction-loans', '/ebook']) {
    await request.get(server.url + path); // the first view after start-up renders the page once
    const response = await request.get(server.url + path);
    expect(response.headers()['x-nextjs-cache'], path).toBe('HIT');
    expect(response.headers()['cache-control'], path).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=300');
  }
});

/** Every icon finds its symbol in the page: one sprite entry per icon, no id twice. */
async function expectEveryIconFound(page: Page, path: string): Promise<void> {
  // An unknown path's 404 is rendered by the client after load (its server HTML has no body
  // yet): read the icons once the page shows its first one, not before.
  await page.locator('use').first().waitFor({ state: 'attached' });
  const { uses, symbols } = await page.evaluate(() => ({
    uses: [...document.querySelectorAll('use')].map((use) => use.getAttribute('href')),
    symbols: [...document.querySelectorAll('symbol')].map((symbol) => symbol.id),
  }));
  expect(uses.length, path).toBeGreaterThan(0);
  expect(new Set(symbols).size, `${path} symbol ids: ${symbols.join(', ')}`).toBe(symbols.length);
  for (const href of uses)
    expect(
      symbols.map((id) => `#${id}`),
      `${path} uses ${href}`,
    ).toContain(href);
}

/**
 * Each public page loaded once, at rest: its icons, then axe at phone and desktop widths. Its
 * markup is the same at either width (no script changes it before an interaction), so a second
 * load per width only repeated the first; axe reads the styles again on each run, so the phone
 * layout (contrast, the hidden navigation, overlaps) is checked as before. axe runs inside the
 * page (tests/e2e/axe.ts: these pages have no frames).
 */
test('every public page: each icon finds its symbol, and axe finds no WCAG 2.1 AA violation at phone and desktop widths', async ({
  page,
}) => {
  // Fourteen axe runs, each a few seconds of a core: the two tests this one replaces had 120 s each.
  test.setTimeout(240_000);
  const found: string[] = [];
  for (const path of PAGES) {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(server.url + path);
    await expectEveryIconFound(page, path);
    for (const [label, viewport] of [
      ['phone', { width: 360, height: 740 }],
      ['desktop', { width: 1280, height: 900 }],
    ] as const) {
      await page.setViewportSize(viewport);
      const { violations } = await sameOriginAxe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      found.push(...violations.map((v) => `${label} ${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
    }
  }
  expect(found).toEqual([]);
  for (const path of ['/no-such-page', '/contact', '/apply', '/payment-success']) {
    await page.goto(server.url + path);
    await expectEveryIconFound(page, path);
  }
});
