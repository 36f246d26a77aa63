import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { openLeadFields } from '../../lib/leads/sealed-fields.server';
import { fullApplication } from '../support/lead-data';
import { withDb } from './admin-support';
import { sameOriginAxe } from './axe';

export { fullApplication };

export const MAIL_ENV = { MAIL_FROM: 'Website <web@example.com>', MAIL_TO: 'broker@example.com' };

export async function expectNoAxeViolations(page: Page, include?: string) {
  let builder = sameOriginAxe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * The one toast on screen. While a modal is open Radix Dialog hides the rest of the page from
 * assistive technology (the forms announce problems through their fields instead), hence includeHidden.
 */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page
    .getByRole('region', { name: /Notifications/, includeHidden: true })
    .locator('li')
    .last();
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

export interface StoredLead {
  kind: string;
  type: string;
  fields: Record<string, string>;
  page: string;
  is_spam: number;
  spam_reason: string | null;
  possible_bot: number;
  consent_text: string | null;
  consent_page: string | null;
  notification: string | null;
}

/** Stored leads, newest first, their sealed fields opened with the key the server keeps beside its file. */
export function storedLeads(databasePath: string): StoredLead[] {
  const key = Buffer.from(readFileSync(join(dirname(databasePath), 'secret.key'), 'utf8').trim(), 'base64');
  return withDb(databasePath, (db) =>
    (
      db
        .prepare(
          `SELECT l.id, l.kind, l.type, l.fields, l.page, l.is_spam, l.spam_reason, l.possible_bot, l.consent_text, l.consent_page, n.status AS notification
           FROM leads l LEFT JOIN notifications n ON n.subject_type = 'lead' AND n.subject_id = l.id
             AND n.channel = 'email' AND n.recipient = 'broker' ORDER BY l.created_at DESC`,
        )
        .all() as (Omit<StoredLead, 'fields'> & { id: string; fields: string })[]
    ).map(({ id, ...row }) => ({ ...row, fields: openLeadFields(id, row.fields, key) })),
  );
}

/** Fills text inputs, text areas and selects by their labels' field names within a scope. */
export async function fillFields(scope: Locator | Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === '') continue;
    const control = scope.locator(`[name="${name}"]`);
    const tag = await control.first().evaluate((el) => `${el.tagName}:${(el as HTMLInputElement).type}`);
    if (tag === 'INPUT:radio') await scope.locator(`[name="${name}"][value="${value}"]`).check();
    else if (tag.startsWith('SELECT')) await control.selectOption(value);
    else await control.fill(value);
  }
}

export const step1Names = [
  'projectDescription',
  'ownLand',
  'landPurchasePrice',
  'landBalance',
  'landEstimatedValue',
  'landSearchPriceRange',
  'needLandLoan',
  'constructionCosts',
  'builderStatus',
  'loanAmount',
  'buildStartDate',
  'prepaids',
];

export function pick(values: Record<string, string>, names: string[], include = true): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([k]) => names.includes(k) === include));
}

const decodeHtml = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Posts a page's first form the way a browser without JavaScript does: its hidden fields (the
 * Server Action reference React renders) plus `fields`. Returns the status and the page HTML.
 */
export async function postPageForm(
  baseUrl: string,
  path: string,
  fields: Record<string, string>,
  init: { headers?: Record<string, string> } = {},
) {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  // The page's own form, in <main>: the header's Contact button sits in a form of its own.
  const start = html.indexOf('<form', html.indexOf('<main'));
  const form = html.slice(start, html.indexOf('</form>', start));
  const data = new FormData();
  for (const [, attributes] of form.matchAll(/<input([^>]*)>/g)) {
    if (!attributes!.includes('type="hidden"')) continue;
    data.set(
      decodeHtml(/name="([^"]*)"/.exec(attributes!)?.[1] ?? ''),
      decodeHtml(/value="([^"]*)"/.exec(attributes!)?.[1] ?? ''),
    );
  }
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    body: data,
    headers: { Origin: baseUrl, ...init.headers },
  });
  return { status: response.status, body: await response.text() };
}
