import { connection, NextResponse, type NextRequest } from 'next/server';
import { answerInboundSms } from '@/lib/consent/sms-reply.server';
import { getDb } from '@/lib/db/index.server';
import { env } from '@/lib/env.server';
import { logger } from '@/lib/log.server';

/**
 * POST /api/twilio/sms: Twilio's "A message comes in" webhook for the number in TWILIO_FROM
 * (docs/integrations.md). A STOP withdraws the sender's consent to texts at once
 * (lib/consent/sms-reply.server.ts).
 *
 * No Origin check, like the Stripe webhook: the caller is Twilio's server, proven by
 * X-Twilio-Signature over the URL and the form's parameters with TWILIO_AUTH_TOKEN. The URL signed
 * is SITE_URL with the request's path and query, never the Host header a client chose. The body
 * is bounded by its class in server/body-limits.ts.
 */
export async function POST(request: NextRequest) {
  await connection();
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return refuse(415, 'Send the message form-encoded, as Twilio does.');
  const body = await request.text();
  const { pathname, search } = new URL(request.url);
  const answer = await answerInboundSms(await getDb(), {
    authToken: env.TWILIO_AUTH_TOKEN,
    url: `${env.SITE_URL}${pathname}${search}`,
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
