import 'server-only';
import type { DB } from '../db/connect.server';
import type { Attribution } from '../attribution/touch';
import { DRAFT_TOKEN_FIELD } from '../drafts/draft-values';
import { deleteSubmittedDraft } from '../drafts/drafts.server';
import { getDb } from '../db/index.server';
import { env } from '../env.server';
import { addressKey } from '../http/address-key';
import { logger } from '../log.server';
import { wakeOutbox } from '../notifications/process-worker.server';
import type { Channel } from '../notifications/types';
import { FIELDS } from './all-fields';
import { calculatorLeadFields } from './calculator-estimate';
import { CALCULATOR_LEAD_FIELDS } from './calculator-lead';
import { CALCULATOR_INPUT_PREFIX } from './calculator-fields';
import { HIDDEN, INCOMPLETE, SUBMIT_FAILED, type LeadKind, type LeadResult } from './fields';
import { parseSubmission } from './schemas';
import type { SpamSettings } from './spam';
import { storeLead } from './store.server';
import { isOfficerSlug } from '../officers/slug';

/** Browsers send Fetch Metadata only to potentially trustworthy origins. */
function isSecureOrigin(siteUrl: string): boolean {
  const url = new URL(siteUrl);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Who sent a lead: the address the rate limit counts, and the browser, kept with the lead. */
export interface LeadSender {
  clientAddress: string;
  userAgent: string;
  /**
   * How it came: 'endpoint' (the lead endpoint, which the forms' script posts to, and the
   * calculator's plain estimate form) or 'form' (a form's Server Action, posted without JavaScript).
   */
  via?: 'endpoint' | 'form';
  /** The request's Sec-Fetch-Mode header, which every supported browser sends (null: none came; left out: not read). */
  fetchMode?: string | null;
  /** The first and last touch in the visitor's attribution cookie (lib/attribution/visit.ts). */
  attribution?: Attribution;
}

/** What a submission needs besides the form; the server's own unless a test passes its own. */
export interface SubmitDeps {
  db: () => Promise<DB>;
  spam: SpamSettings & { windowMinutes: number };
  /**
   * Whether browsers send this site Fetch Metadata (Sec-Fetch-*): only to secure origins (https,
   * localhost), so a site served over plain http must not read their absence as a signal.
   */
  fetchMetadataExpected: boolean;
  log: { error: (data: object, message: string) => void; warn: (data: object, message: string) => void };
  now: () => Date;
  /**
   * Told when a lead's e-mail was queued, so the outbox worker sends it now rather than at its next
   * poll: the workers of the channels given (the lead's batch's), or all.
   */
  wake: (channels?: ReadonlySet<Channel>) => void;
}

function serverDeps(): SubmitDeps {
  return {
    db: getDb,
    spam: {
      minFillSeconds: env.SPAM_MIN_FILL_SECONDS,
      rateLimit: env.LEAD_RATE_LIMIT,
      windowMinutes: env.LEAD_RATE_WINDOW_MINUTES,
    },
    fetchMetadataExpected: isSecureOrigin(env.SITE_URL),
    log: logger,
    now: () => new Date(),
    wake: wakeOutbox,
  };
}

/** The typed values to echo back to a form re-rendered without JavaScript (capped at each field's size). */
function echo(kind: LeadKind, values: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const field of FIELDS[kind]) if (values[field.name]) kept[field.name] = values[field.name]!.slice(0, field.max);
  // A calculator's inputs are hidden fields: a page re-rendered without JavaScript posts them again.
  if (kind === 'calculator') {
    const inputs = Object.entries(values).filter(([name]) => name.startsWith(CALCULATOR_INPUT_PREFIX) && name.length <= 40);
    for (const [name, value] of inputs.slice(0, 20)) kept[name] = value.slice(0, 2000);
  }
  if (values[HIDDEN.consent] === 'yes') kept[HIDDEN.consent] = 'yes';
  // The officer the form was sent from: a page re-rendered without JavaScript posts it again.
  const officer = values[HIDDEN.officer];
  if (officer && isOfficerSlug(officer)) kept[HIDDEN.officer] = officer;
  return kept;
}

function invalid(
  kind: LeadKind,
  values: Record<string, string>,
  fieldErrors: Record<string, string>,
): Extract<LeadResult, { reason: 'invalid' }> {
  const tooLong = Object.values(fieldErrors).some((m) => m.startsWith('This is too long'));
  const title = kind === 'ebook' && !tooLong ? INCOMPLETE.ebook.title : INCOMPLETE.other.title;
  const message = tooLong
    ? 'Some answers are too long. Please shorten the fields marked below.'
    : kind === 'ebook'
      ? INCOMPLETE.ebook.description
      : 'Please check the fields marked below.';
  return { ok: false, reason: 'invalid', title, message, fieldErrors, values: echo(kind, values) };
}

/**
 * One lead form submission, whichever way it arrived (a form's Server Action in ./actions/, or
 * the lead endpoint in server/lead-endpoint.ts): validate with the form's zod schema, judge spam,
 * store the lead and its notification together (./store.server.ts), then wake the outbox. The
 * visitor sees success once the lead is stored; a lead that could not be stored gets the spec's
 * 'Uh oh!' answer and the form keeps what was typed. Free of Next's request APIs, so the server's
 * lead endpoint can call it too.
 */
export async function submitLead(
  kind: LeadKind,
  values: Record<string, string>,
  sender: LeadSender,
  deps: Partial<SubmitDeps> = {},
): Promise<LeadResult> {
  const parsed = parseSubmission(kind, values);
  if (!parsed.ok) return invalid(kind, values, parsed.fieldErrors);
  // A calculator's estimate is computed here from the posted inputs; a posted result is never read.
  const estimate = kind === 'calculator' ? calculatorLeadFields(parsed.fields, values) : null;
  if (estimate && !estimate.ok) return { ...invalid(kind, values, estimate.fieldErrors), message: estimate.message };
  const fields = estimate?.ok ? estimate.fields : parsed.fields;

  const { db, spam, fetchMetadataExpected, log, now, wake } = { ...serverDeps(), ...deps };
  try {
    const admission = await storeLead(await db(), {
      lead: {
        kind,
        fields,
        page: parsed.meta.page,
        consent: parsed.meta.consent === 'yes',
        // The per-address limit counts an IPv6 /64 as one sender, and only that is kept.
        clientAddress: addressKey(sender.clientAddress),
        userAgent: sender.userAgent,
        attribution: sender.attribution,
        officer: parsed.meta.officer,
      },
      signals: {
        honeypot: parsed.meta.honeypot,
        fillMs: parsed.meta.fillMs,
        focused: parsed.meta.focused,
        // The calculator's estimate form is plain HTML posted to the endpoint, script or not.
        scriptOnlyPath: sender.via === 'endpoint' && kind !== 'calculator',
        browserHeaders: fetchMetadataExpected && sender.fetchMode !== undefined ? sender.fetchMode !== null : null,
        resumed: Boolean(values[DRAFT_TOKEN_FIELD]),
      },
      spam,
      now: now(),
      log,
    });
    if (!admission.stored) {
      log.warn({ event: 'lead.flood', kind, address: sender.clientAddress, recent: admission.recent }, 'Lead refused: flood');
      return {
        ok: false,
        reason: 'limited',
        title: 'Too Many Submissions',
        message: 'We have received many forms from your network. Please call us, or try again later.',
        values: echo(kind, values),
      };
    }
    // Spam's notifications are stored skipped: nothing to send, no worker to wake. A possible bot
    // is alerted like any lead.
    if (admission.spamReason) log.warn({ event: 'lead.spam', kind, reason: admission.spamReason }, 'Lead stored as spam');
    else wake(admission.due);
    if (kind === 'application') {
      // The application is in: the draft it was resumed from goes, by the token it carries. Never
      // by its e-mail address, which anyone may type (issue 27).
      await deleteSubmittedDraft(await db(), values[DRAFT_TOKEN_FIELD]).catch((error: unknown) =>
        log.error({ event: 'draft.delete_failed', err: error }, 'A submitted application kept its draft'),
      );
    }
    return estimate?.ok ? { ok: true, kind, link: estimate.fields[CALCULATOR_LEAD_FIELDS.link] } : { ok: true, kind };
  } catch (error) {
    log.error({ event: 'lead.store_failed', kind, err: error }, 'A lead could not be stored');
    return {
      ok: false,
      reason: 'failed',
      title: SUBMIT_FAILED.title,
      message: SUBMIT_FAILED.description,
      values: echo(kind, values),
    };
  }
}
