import { connection, NextResponse, type NextRequest } from 'next/server';
import { answerInboundSms } from '@/lib/consent/sms-reply.server';
import { getDb } from '@/lib/db/index.server';
import { logger } from '@/lib/log.server';
import { effectiveSettings, siteUrlOf } from '@/lib/settings/effective.server';
import { serverSources } from '@/lib/settings/sources.server';

/**
 * POST /api/twilio/sms: Twilio's "A message comes in" webhook for the number in TWILIO_FROM
 * (docs/integrations.md). A STOP withdraws the sender's consent to texts at once
 * (lib/consent/sms-reply.server.ts).
 *
 * No Origin check, like the Stripe webhook: the caller is Twilio's server, proven by
 * X-Twilio-Signature over the URL and the form's parameters with the auth token (TWILIO_AUTH_TOKEN,
 * else the admin's Settings). The URL signed is the site's public address (SITE_URL, else the
 * Settings) with the request's path and query, never the Host header a client chose. The body
 * is bounded by its class in server/body-limits.ts.
 */
export async function POST(request: NextRequest) {
  await connection();
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return refuse(415, 'Send the message form-encoded, as Twilio does.');
  const body = await request.text();
  const { pathname, search } = new URL(request.url);
  const db = await getDb();
  const sources = serverSources();
  // The account's token and the public address in effect: the environment's, else the admin's Settings.
  const settings = await effectiveSettings(db, sources, ['twilioAuthToken', 'siteUrl']);
  const answer = await answerInboundSms(db, {
    authToken: settings.twilioAuthToken,
    url: `${siteUrlOf(settings, sources).url}${pathname}${search}`,
    body,
    signature: request.headers.get('x-twilio-signature'),
  });
  if ('error' in answer) {
    logger.warn({ event: 'consent.sms_refused', status: answer.status }, 'Inbound text refused');
    return refuse(answer.status, answer.error);
  }
  return new NextResponse(answer.twiml, {
    status: answer.status,
    headers: { 'Content-Type': 'text/xml; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

const refuse = (status: number, error: string) =>
  new NextResponse(error, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
