import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeDb, getDb } from '../../lib/db/index.server';
import { resumeMessage } from '../../lib/drafts/resume-message';
import { env } from '../../lib/env.server';
import { addNotifications } from '../../lib/notifications/outbox.server';
import { ensureOutboxWorker, stopOutboxWorker, wakeOutbox } from '../../lib/notifications/process-worker.server';
import { migrateDatabase } from '../../server/database';
import { recordLead } from '../support/leads';
import { startSmtp } from '../support/mail';
import { tempDatabasePath } from '../support/temp-path';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 3).toString('base64');
});

/**
 * The outbox as a server process runs it (ensureOutboxWorker: every lane's worker, configured from
 * the environment) against a real SMTP peer that is slow to accept mail to visitors, as a provider
 * throttling outside addresses is. 200 resume links are queued, then a lead arrives: its alert to
 * the broker goes out on a lane of its own, without waiting for the visitors' mail (issue 27: a
 * burst of visitor e-mails must not delay a lead alert by more than a few seconds). In one queue
 * it came after all 200, some 20 s later here, and minutes later with a slower peer.
 */

const BROKER = 'broker@loans.example';
const saved = { ...env };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  Object.assign(env, saved);
});

describe('outbox lanes', () => {
  it("sends a lead's alert to the broker while 200 visitor e-mails queued before it are still going out", async () => {
    const smtp = await startSmtp(0, { delayMs: (to) => (to.includes(BROKER) ? 0 : 100) });
    cleanups.push(smtp.stop);
    const temp = tempDatabasePath();
    cleanups.push(temp.cleanup);
    Object.assign(env, {
      DATABASE_URL: `file:${temp.path}`,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'web@loans.example',
      MAIL_TO: BROKER,
    });
    await migrateDatabase(env.DATABASE_URL);
    const db = await getDb();
    cleanups.push(closeDb);

    const now = new Date();
    const expiresAt = new Date(now.getTime() + 30 * 86_400_000);
    await db.transaction().execute((trx) =>
      addNotifications(
        trx,
        Array.from({ length: 200 }, (_, i) => {
          const token = randomBytes(32).toString('base64url');
          return {
            subject: { type: 'draft' as const, id: `draft-${i}` },
            channel: 'email' as const,
            recipient: 'visitor',
            payload: resumeMessage({
              email: `visitor${i}@example.com`,
              link: `https://loans.example/apply?resume=${token}`,
              expiresAt,
            }),
            secret: token,
            at: now,
          };
        }),
      ),
    );
    ensureOutboxWorker();
    cleanups.push(stopOutboxWorker);
    await vi.waitFor(() => expect(smtp.mails.length).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });

    const stored = Date.now();
    await recordLead(db, {
      kind: 'contact',
      fields: { from_name: 'Pat Rivera', from_email: 'pat@example.com', phone: '208-555-0199', message: 'Call me' },
      page: '/contact',
      consent: false,
      spamReason: null,
      clientAddress: '198.51.100.20',
      userAgent: 'test',
    });
    wakeOutbox();
    await vi.waitFor(() => expect(smtp.mails.some((m) => m.to.includes(BROKER))).toBe(true), { timeout: 60_000, interval: 20 });
    const alertAt = smtp.mails.findIndex((m) => m.to.includes(BROKER));
    const visitorsBefore = smtp.mails.slice(0, alertAt).filter((m) => !m.to.includes(BROKER)).length;
    // A visitor message or two was in flight on its own lane; the rest wait their turn there.
    expect(
      visitorsBefore,
      `the alert came ${Date.now() - stored} ms after the lead, behind ${visitorsBefore} of 200`,
    ).toBeLessThan(10);
    expect(smtp.mails[alertAt]!.headers.subject).toMatch(/Contact/);
  });
});
