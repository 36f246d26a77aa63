import { expect } from '@playwright/test';
import { hashPassword } from '../../lib/auth/password.server';
import type { Role } from '../../lib/auth/roles';
import type { ReceivedMail } from '../support/mail';
import { form, withDb } from './admin-support';

/** Helpers for the team's specs: accounts, sign-in by e-mail, invitation e-mails, the database's state. */

export const TEAM_PASSWORD = 'team-passphrase-1';

/** An account written straight into the database (the invitation flow has its own spec). */
export async function addAccount(databasePath: string, account: { id: string; email: string; role: Role; name?: string }) {
  const hash = await hashPassword(TEAM_PASSWORD);
  const now = new Date().toISOString();
  withDb(databasePath, (db) =>
    db
      .prepare(
        `INSERT INTO admin_users (id, email, name, role, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(account.id, account.email, account.name ?? account.email, account.role, hash, now, now),
  );
}

/** Signs in through the login route with an e-mail (empty for the owner); returns the cookie pair. */
export async function signInAs(url: string, email: string, password = TEAM_PASSWORD): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: url, Accept: 'application/json' },
    body: form({ email, password }),
  });
  expect(response.status, `sign-in as ${email || 'the owner'}`).toBe(200);
  return response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

/**
 * Every row of every table, as JSON per table, to compare before and after: what refused
 * requests must leave as it was. A session's last-seen time moves with any request, so it is left out.
 */
export function databaseState(databasePath: string): Record<string, string> {
  return withDb(databasePath, (db) => {
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => {
        // Sorted here: some tables (the search index's own) have no rowid to order by.
        const rows = (db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[])
          .map((row) => JSON.stringify(name === 'admin_sessions' ? { ...row, last_seen_at: null } : row))
          .sort();
        return [name, rows.join('\n')];
      }),
    );
  });
}

/** The invitation link in the e-mail to `to`, once it has arrived. */
export async function invitationLink(mails: ReceivedMail[], to: string): Promise<string> {
  await expect.poll(() => mails.filter((mail) => mail.to.includes(to)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const mail = mails.filter((m) => m.to.includes(to)).at(-1)!;
  const link = /^https?:\/\/\S+\/invite\/[\w-]{43}$/m.exec(mail.text)?.[0];
  if (!link) throw new Error(`no invitation link in:\n${mail.text}`);
  return link;
}
