import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { env } from '../../lib/env.server';
import { leadsCsvStream } from '../../lib/leads/admin/export.server';
import { leadEventBodies } from '../../lib/leads/webhook-body.server';
import { getLead } from '../../lib/leads/queries.server';
import { submitLead } from '../../lib/leads/submit.server';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { leadSummary, summaryText } from '../../lib/leads/summary';
import { smtpTransport } from '../../lib/notifications/transports/smtp.server';
import { engines, seededDatabases } from '../support/engines';
import { listLeads } from '../support/leads';
import { startSmtp } from '../support/mail';

/**
 * 'Email me this estimate' end to end below the browser, on SQLite and PostgreSQL: the lead of kind
 * `calculator` is stored with the estimate the server computed from the posted inputs (a posted
 * result is ignored), the broker is told as for every lead, and the visitor's estimate goes through
 * the outbox to a real SMTP peer in place of the auto-reply; suspected spam gets none.
 */

vi.mock('server-only', () => ({}));

const cleanups: (() => Promise<void>)[] = [];
const saved = { ...env };
beforeEach(() => {
  Object.assign(env, {
    SMTP_URL: 'smtp://127.0.0.1:1',
    MAIL_FROM: 'Website <web@example.com>',
    MAIL_TO: 'broker@example.com',
    SITE_URL: 'https://loans.example',
    ALERT_SMS_TO: undefined,
  });
});
afterEach(async () => {
  Object.assign(env, saved);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const now = new Date('2026-11-23T04:00:00.000Z');

/** The worked example: 400,000 at 7.5% over 12 even draws is $16,250.00 of interest. */
const interestEstimate = {
  email: 'sam@example.com',
  name: 'Sam Rivera',
  calculator: 'construction-interest',
  calc_amount: '400000',
  calc_rate: '7.5',
  calc_months: '12',
  calc_draw: 'even',
  calc_draws: '',
  calc_points: '1',
  page: '/calculators/construction-interest',
  fill_ms: '8000',
};

function submit(db: DB, values: Record<string, string>, clientAddress = '203.0.113.20') {
  return submitLead(
    'calculator',
    values,
    { clientAddress, userAgent: 'test' },
    {
      db: async () => db,
      spam: { minFillSeconds: 2, rateLimit: 10, windowMinutes: 10 },
      log,
      now: () => now,
      wake: () => {},
    },
  );
}

const notificationsOf = (db: DB, id: string) =>
  db
    .selectFrom('notifications')
    .select(['channel', 'recipient', 'status', 'payload'])
    .where('subject_type', '=', 'lead')
    .where('subject_id', '=', id)
    .orderBy('recipient')
    .execute();

describe.each(engines)('calculator leads (%s)', (_name, open) => {
  const database = seededDatabases(cleanups, open);

  it('stores the estimate the server computed, whatever results were posted, and tells the broker', async () => {
    const db = await database();
    const posted = { ...interestEstimate, calc_total: '1', results: 'Total interest: $1.00', calculatorTitle: 'x' };
    expect(await submit(db, posted)).toEqual({
      ok: true,
      kind: 'calculator',
      link: '/calculators/construction-interest?amount=400000&rate=7.5&months=12&draw=even&points=1',
    });

    const [lead] = await listLeads(db, { kind: 'calculator' });
    expect(lead).toMatchObject({ kind: 'calculator', type: 'Calculator Estimate', name: 'Sam Rivera', email: 'sam@example.com' });
    expect(lead!.fields).toMatchObject({
      email: 'sam@example.com',
      name: 'Sam Rivera',
      calculator: 'construction-interest',
      calculatorTitle: 'Construction Loan Interest Calculator',
      link: '/calculators/construction-interest?amount=400000&rate=7.5&months=12&draw=even&points=1',
    });
    expect(lead!.fields.results).toContain('Total interest during construction: $16,250.00');
    expect(lead!.fields.results).not.toContain('$1.00');
    expect(lead!.fields.inputs).toContain('Construction loan amount: $400,000.00');
    expect(lead!.fields.terms).toMatch(/12 monthly draws/);

    const summary = summaryText(leadSummary('calculator', lead!.fields));
    expect(summary).toContain('RESULTS\nTotal interest during construction: $16,250.00');

    const notes = await notificationsOf(db, lead!.id);
    expect(notes.map((n) => [n.channel, n.recipient, n.status])).toEqual([
      ['email', 'broker', 'waiting'],
      ['email', 'visitor', 'waiting'],
    ]);

    // The webhook body and the CSV carry the estimate too.
    const body = (await leadEventBodies(db, [lead!.id], 'lead.created', now)).get(lead!.id)!;
    expect(body.data).toMatchObject({ kind: 'calculator', fields: { calculator: 'construction-interest' } });
    const csv = await new Response(leadsCsvStream(db, { kind: 'calculator' })).text();
    expect(csv).toContain('Total interest during construction: $16,250.00');
  });

  it('e-mails the visitor their estimate through SMTP, signed by the broker, even with the auto-reply off', async () => {
    const db = await database();
    await submit(db, interestEstimate);
    const smtp = await startSmtp();
    cleanups.push(smtp.stop);
    const transport = smtpTransport({ url: smtp.url, from: 'Website <web@example.com>', to: 'broker@example.com' });
    expect(await deliverDue(db, transport, log, () => now)).toBe(2);

    const toVisitor = smtp.mails.find((m) => m.to.includes('sam@example.com'))!;
    expect(toVisitor.headers.subject).toBe('Your Construction Loan Interest Calculator estimate from Construction Loan Pros');
    expect(toVisitor.text).toContain('Hello Sam Rivera,');
    expect(toVisitor.text).toContain('  Total interest during construction: $16,250.00');
    expect(toVisitor.text).toContain('  APR: ');
    expect(toVisitor.text).toContain('Terms assumed: 12 monthly draws');
    expect(toVisitor.text).toContain('not an offer of credit');
    expect(toVisitor.text).toContain(
      'See or change this estimate: https://loans.example/calculators/construction-interest?amount=400000&rate=7.5&months=12&draw=even&points=1',
    );
    expect(toVisitor.text).toContain('Apply with these numbers: https://loans.example/apply?loanAmount=400000');
    expect(toVisitor.text).toContain('NMLS ID 1234567');
    expect(toVisitor.text).toContain('1-800-555-0199 · loans@example.com');

    const toBroker = smtp.mails.find((m) => m.to.includes('broker@example.com'))!;
    expect(toBroker.text).toContain('New Calculator Estimate Request');
    expect(toBroker.text).toContain('Total interest during construction: $16,250.00');

    const lead = await getLead(db, (await listLeads(db))[0]!.id);
    expect(lead!.autoReply).toMatchObject({ status: 'sent' });
  });

  it('sends suspected spam no estimate; the broker e-mail is stored skipped', async () => {
    const db = await database();
    expect(await submit(db, { ...interestEstimate, company_website: 'https://spam.example' })).toMatchObject({
      ok: true,
      kind: 'calculator',
    });
    const [lead] = await listLeads(db, { kind: 'calculator', includeSpam: true });
    expect(lead!.isSpam).toBe(true);
    const notes = await notificationsOf(db, lead!.id);
    expect(notes.map((n) => [n.recipient, n.status])).toEqual([['broker', 'skipped']]);
  });

  it('refuses an estimate it cannot compute, storing nothing', async () => {
    const db = await database();
    const bad = await submit(db, { ...interestEstimate, calc_rate: 'lots' });
    expect(bad).toMatchObject({ ok: false, reason: 'invalid', fieldErrors: { calc_rate: expect.any(String) } });
    expect(bad && !bad.ok && bad.message).toMatch(/Interest rate/);
    expect(await submit(db, { ...interestEstimate, calculator: 'mortgage' })).toMatchObject({ ok: false, reason: 'invalid' });
    // Refused, the answer echoes the hidden inputs too: a page without JavaScript posts them again.
    expect(await submit(db, { ...interestEstimate, email: '' })).toMatchObject({
      ok: false,
      fieldErrors: { email: 'This field is required.' },
      values: { name: 'Sam Rivera', calculator: 'construction-interest', calc_amount: '400000', calc_draw: 'even' },
    });
    expect(await listLeads(db, { includeSpam: true })).toEqual([]);
  });

  it('computes each calculator, e.g. the payment after conversion and the maximum loan', async () => {
    const db = await database();
    await submit(db, {
      email: 'p@example.com',
      calculator: 'construction-to-permanent',
      calc_amount: '400000',
      calc_rate: '6.75',
      calc_years: '30',
      calc_points: '0',
      fill_ms: '8000',
    });
    await submit(db, {
      email: 'm@example.com',
      calculator: 'maximum-loan',
      calc_land: 'owned',
      calc_landValue: '100000',
      calc_landOwed: '20000',
      calc_cost: '400000',
      calc_value: '550000',
      calc_ltc: '90',
      calc_ltv: '80',
      fill_ms: '8000',
    });
    const [maximum, payment] = await listLeads(db, { kind: 'calculator' });
    expect(payment!.fields.results).toContain('Monthly principal and interest: $2,594.39');
    expect(payment!.name).toBe('');
    expect(maximum!.fields.results).toContain('Maximum loan: $');
  });
});
