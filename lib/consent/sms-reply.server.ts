import 'server-only';
import type { DB } from '../db/connect.server';
import { validTwilioSignature } from '../notifications/transports/twilio-signature.server';
import { normalPhone } from './address';
import { recordConsentEvent } from './events.server';
import { consentKeyword } from './sms-keywords';

/**
 * A text received by the Twilio number (`POST /api/twilio/sms`, Twilio's "A message comes in"
 * webhook): a STOP from a number withdraws its consent to texts at once, a START gives it again
 * (./sms-keywords.ts). Only a request signed with the account's auth token counts; a forged or
 * unsigned one is refused with a 403 and changes nothing. The reply's words are not stored.
 *
 * The answer is TwiML with no message: Twilio answers STOP and START itself with its standard
 * confirmation (its default opt-out handling), and a second text of ours would be one too many
 * (the FCC allows one confirmation, 47 CFR 64.1200(a)(12)).
 */

export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

export interface InboundSms {
  /** TWILIO_AUTH_TOKEN; empty when texts are not configured. */
  authToken: string | undefined;
  /** The URL Twilio called, from SITE_URL and the request's path and query. */
  url: string;
  /** The form-encoded body, as received. */
  body: string;
  signature: string | null;
}

export type InboundAnswer = { status: number; twiml: string } | { status: number; error: string };

export async function answerInboundSms(db: DB, sms: InboundSms, now = new Date()): Promise<InboundAnswer> {
  if (!sms.authToken) return { status: 404, error: 'Text messages are not configured.' };
  const params = new URLSearchParams(sms.body);
  if (!validTwilioSignature(sms.authToken, sms.signature, sms.url, params))
    return { status: 403, error: 'The request is not signed by Twilio.' };
  const kind = consentKeyword(params.get('Body') ?? '');
  const from = normalPhone(params.get('From') ?? '');
  if (kind && from)
    await recordConsentEvent(
      db,
      {
        kind: 'phone',
        address: from,
        channel: 'sms',
        event: kind,
        source: kind === 'withdrawn' ? 'sms-stop' : 'sms-start',
      },
      now,
    );
  return { status: 200, twiml: EMPTY_TWIML };
}
