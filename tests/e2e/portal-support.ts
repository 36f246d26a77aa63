import { expect } from '@playwright/test';
import { connect, type DB } from '../../lib/db/connect.server';
import { databaseTarget } from '../../lib/env-schema';
import { saveOpensFileOnApplication } from '../../lib/loan-files/open-on-application.server';
import { fullApplication } from '../support/lead-data';
import type { ReceivedMail } from '../support/mail';

/** The portal's browser tests: an application posted as a browser with JavaScript posts it, and the mail it leads to. */

/** An application with land owned (a balance owed) and a builder: its needs list holds the builder's package. */
export const builderApplication: Record<string, string> = {
  ...fullApplication,
  builderStatus: 'have-builder',
  email: 'dana.portal@example.com',
  borrowerName: 'Dana Portal',
};

/** Posts the application to the lead endpoint as the form's script does; returns the stored lead's id. */
export async function submitApplication(url: string, values: Record<string, string>, databasePath: string): Promise<string> {
  const response = await fetch(`${url}/api/leads/application`, {
    method: 'POST',
    headers: { Origin: url, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...values, consent: 'yes', page: '/apply' }).toString(),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return withDatabase(databasePath, async (db) => {
    const lead = await db
      .selectFrom('leads')
      .select('id')
      .where('email', '=', values.email!)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return lead.id;
  });
}

/**
 * Posts an application with the owner's setting "Open a loan file for every new application" on,
 * so the server opens the file itself, with its own key for the lead's sealed answers (the needs
 * list is built from them), then puts the setting back; returns the file's id.
 */
export async function applicationWithFile(url: string, values: Record<string, string>, databasePath: string): Promise<string> {
  const setting = (on: boolean) =>
    withDatabase(databasePath, (db) => db.transaction().execute((trx) => saveOpensFileOnApplication(trx, on)));
  const before = await setting(true);
  const leadId = await submitApplication(url, values, databasePath);
  await setting(before);
  return withDatabase(databasePath, async (db) => {
    const file = await db.selectFrom('loan_files').select('id').where('lead_id', '=', leadId).executeTakeFirstOrThrow();
    return file.id;
  });
}

/** Runs `work` on the test server's SQLite file, as the app reads it. */
export async function withDatabase<T>(databasePath: string, work: (db: DB) => Promise<T>): Promise<T> {
  const db = connect(databaseTarget(`file:${databasePath}`));
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * The newest e-mail to `to` whose subject matches, once it has arrived; with `since`, only those
 * received after the first `since` (the list is the SMTP peer's own, which grows as mail arrives).
 */
export async function mailTo(mails: ReceivedMail[], to: string, subject: RegExp, since = 0): Promise<ReceivedMail> {
  const matching = () => mails.slice(since).filter((mail) => mail.to.includes(to) && subject.test(mail.headers.subject ?? ''));
  await expect.poll(() => matching().length, { message: `an e-mail to ${to} matching ${subject}` }).toBeGreaterThan(0);
  return matching().at(-1)!;
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(${escaped}\\S+)`).exec(mail.text);
  if (!match) throw new Error(`No link starting ${prefix} in:\n${mail.text}`);
  return match[1]!;
}

/** A small valid PDF whose text carries `marker`. */
export function pdfBytes(marker: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}
