import 'server-only';
import type { DB } from '../db/connect.server';
import { FIELDS } from './all-fields';
import { HIDDEN, INCOMPLETE, SUBMIT_FAILED, type LeadKind, type LeadResult } from './fields';
import { parseSubmission } from './schemas';
import { storeLead } from './lead-writer.server';
import type { SpamSettings } from './spam';

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
    // Judged against the address's recent leads and committed with the leads sent at the same
    // moment (see lead-writer.server.ts and admit.server.ts).
    const admission = await storeLead(db, {
      lead: {
        kind,
        fields: parsed.fields,
        page: parsed.meta.page,
        consent: parsed.meta.consent === 'yes',
        clientAddress: context.clientAddress,
        userAgent: context.userAgent,
      },
      signals: { honeypot: parsed.meta.honeypot, fillMs: parsed.meta.fillMs },
      spam: context.spam,
      now,
      log: context.log,
    });
    if (!admission.stored) {
      const recent = admission.recent;
      context.log.warn({ event: 'lead.flood', kind, address: context.clientAddress, recent }, 'Lead refused: flood');
      return {
        ok: false,
        reason: 'limited',
        title: 'Too Many Submissions',
        message: 'We have received many forms from your network. Please call us, or try again later.',
        values: echo(kind, values),
      };
    }
    if (admission.spamReason)
      context.log.warn({ event: 'lead.spam', kind, reason: admission.spamReason }, 'Lead stored as suspected spam');
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
