import 'server-only';
import nodemailer from 'nodemailer';
import type { Env } from '../../env-schema';
import type { MailConfig, SmsConfig } from '../../settings/effective.server';
import { emailJsTransport } from './emailjs.server';
import { twilioTransport } from './twilio.server';

/**
 * The Settings page's "Send a test e-mail" and "Send a test text" (issue 33): one message through
 * the settings in effect now, outside the outbox, answered within seconds with what the provider
 * said: "Delivered to the relay (250 …)" or the provider's or the network's own error ("connect
 * ECONNREFUSED 127.0.0.1:2599"), so the owner can tell a wrong port from a wrong password.
 */

/** Each step's wait (connecting, the greeting, every answer) and the whole send's. */
export const TEST_STEP_MS = 5_000;
export const TEST_DEADLINE_MS = 12_000;

export type TestOutcome = { ok: true; detail: string } | { ok: false; error: string };

export interface TestMessage {
  subject: string;
  text: string;
}

export async function sendTestMail(
  config: MailConfig,
  env: Pick<Env, 'EMAILJS_API_URL'>,
  message: TestMessage,
): Promise<TestOutcome> {
  if (config.kind === 'smtp') return sendTestSmtp(config, message);
  const { serviceId, templateId, publicKey, privateKey, to } = config;
  const transport = emailJsTransport({
    apiUrl: env.EMAILJS_API_URL,
    serviceId,
    templateId,
    publicKey,
    privateKey,
    to,
    timeoutMs: TEST_STEP_MS,
  });
  return outcomeOf(
    transport.send({ ...message, fromName: 'Settings test', fromEmail: to }).then(() => 'Accepted by EmailJS'),
    [privateKey],
  );
}

export async function sendTestSms(config: SmsConfig, env: Pick<Env, 'TWILIO_API_URL'>, body: string): Promise<TestOutcome> {
  const transport = twilioTransport({ apiUrl: env.TWILIO_API_URL, ...config, timeoutMs: TEST_STEP_MS });
  return outcomeOf(
    transport.send({ body }).then(() => 'Accepted by Twilio for delivery'),
    [config.authToken],
  );
}

/**
 * One connection, not the outbox's pool, with short waits whatever SMTP_URL says, so a wrong host
 * or port answers in seconds rather than at the outbox's 30 s.
 */
async function sendTestSmtp(config: Extract<MailConfig, { kind: 'smtp' }>, message: TestMessage): Promise<TestOutcome> {
  const url = new URL(config.url);
  for (const key of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) url.searchParams.set(key, String(TEST_STEP_MS));
  url.searchParams.delete('pool');
  const transporter = nodemailer.createTransport(url.toString());
  const sent = transporter
    .sendMail({ from: config.from, to: config.to, subject: message.subject, text: message.text })
    .then((info) => `Delivered to the relay (${info.response})`);
  try {
    return await outcomeOf(sent, [decodeURIComponent(url.password)]);
  } finally {
    transporter.close();
  }
}

/**
 * The send's outcome in words, within the deadline. A secret is never part of a provider's answer
 * we know of; should one echo it, it is blanked before it reaches the page or a log.
 */
async function outcomeOf(sending: Promise<string>, secrets: string[]): Promise<TestOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${TEST_DEADLINE_MS / 1000} seconds`)), TEST_DEADLINE_MS);
  });
  const blank = (text: string) => secrets.filter(Boolean).reduce((out, secret) => out.replaceAll(secret, '•••'), text);
  try {
    return { ok: true, detail: blank(await Promise.race([sending, deadline])) };
  } catch (error) {
    return { ok: false, error: blank(error instanceof Error ? error.message : String(error)) };
  } finally {
    clearTimeout(timer);
  }
}
