import 'server-only';
import type { DB } from '../db/connect.server';
import { FIELDS } from './all-fields';
import { HIDDEN, INCOMPLETE, SUBMIT_FAILED, type LeadKind, type LeadResult } from './fields';
import { parseSubmission } from './schemas';
import { FLOOD_FACTOR, isFlood, spamReason, type SpamSettings } from './spam';
import { storeLead } from './lead-writer.server';
import { countLeadsFrom } from './store.server';

export interface SubmitContext {
  db: () => Promise<DB>;
  clientAddress: string;
  userAgent: string;
  spam: SpamSettings & { windowMinutes: number };
  log: { error: (data: object, message: string) => void; warn: (data: object, message: string) => void };
  now?: Date;
}

/**
 * One lead form submission: validate with the form's zod schema, judge spam, store the lead and
 * its notification together. The visitor sees success once the lead is stored; a lead that could
 * not be stored gets the spec's 'Uh oh!' answer and the form keeps what was typed.
 */
/** The typed values to echo back to a form re-rendered without JavaScript (capped at each field's size). */
function echo(kind: LeadKind, values: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const field of FIELDS[kind]) if (values[field.name]) kept[field.name] = values[field.name]!.slice(0, field.max);
  if (values[HIDDEN.consent] === 'yes') kept[HIDDEN.consent] = 'yes';
  return kept;
}

export async function submitLead(kind: LeadKind, values: Record<string, string>, context: SubmitContext): Promise<LeadResult> {
  const parsed = parseSubmission(kind, values);
  if (!parsed.ok) {
    const tooLong = Object.values(parsed.fieldErrors).some((m) => m.startsWith('This is too long'));
    const title = kind === 'ebook' && !tooLong ? INCOMPLETE.ebook.title : INCOMPLETE.other.title;
    const message = tooLong
      ? 'Some answers are too long. Please shorten the fields marked below.'
      : kind === 'ebook'
        ? INCOMPLETE.ebook.description
        : 'Please check the fields marked below.';
    return { ok: false, reason: 'invalid', title, message, fieldErrors: parsed.fieldErrors, values: echo(kind, values) };
  }

  const now = context.now ?? new Date();
  try {
    const db = await context.db();
    const since = new Date(now.getTime() - context.spam.windowMinutes * 60_000);
    // Counting past the flood threshold would change no answer.
    const recent = await countLeadsFrom(db, context.clientAddress, since, context.spam.rateLimit * FLOOD_FACTOR);
    if (isFlood(recent, context.spam)) {
      context.log.warn({ event: 'lead.flood', kind, address: context.clientAddress, recent }, 'Lead refused: flood');
      return {
        ok: false,
        reason: 'limited',
        title: 'Too Many Submissions',
        message: 'We have received many forms from your network. Please call us, or try again later.',
        values: echo(kind, values),
      };
    }
    const reason = spamReason(
      { honeypot: parsed.meta.honeypot, fillMs: parsed.meta.fillMs, recentFromAddress: recent },
      context.spam,
    );
    // Committed together with the leads submitted at the same moment (see lead-writer.server.ts).
    await storeLead(db, {
      lead: {
        kind,
        fields: parsed.fields,
        page: parsed.meta.page,
        consent: parsed.meta.consent === 'yes',
        spamReason: reason,
        clientAddress: context.clientAddress,
        userAgent: context.userAgent,
      },
      now,
      log: context.log,
    });
    if (reason) context.log.warn({ event: 'lead.spam', kind, reason }, 'Lead stored as suspected spam');
    return { ok: true, kind };
  } catch (error) {
    context.log.error({ event: 'lead.store_failed', kind, err: error }, 'A lead could not be stored');
    return {
      ok: false,
      reason: 'failed',
      title: SUBMIT_FAILED.title,
      message: SUBMIT_FAILED.description,
      values: echo(kind, values),
    };
  }
}
