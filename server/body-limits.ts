import { DRAFT_BODY_LIMIT, DRAFT_SAVE_PATH } from '../lib/drafts/draft-values';
import { FORM_BODY_LIMIT } from '../lib/http/form-body-limit';
import { LEAD_ENDPOINT_PREFIX } from '../lib/leads/endpoint';
import { DOCUMENT_MAX_BYTES } from '../lib/documents/types';
import { BUILDER_UPLOAD_PREFIX, PORTAL_UPLOAD_PATH } from '../lib/loan-files/portal-paths';
import { fileTooLargeMessage, IMAGE_MAX_BYTES, PDF_MAX_BYTES, UPLOAD_FRAMING_BYTES } from '../lib/media/sniff';
import { VITALS_ENDPOINT } from '../lib/vitals/paths';
import { UNSUBSCRIBE_BODY_LIMIT, UNSUBSCRIBE_PATH } from '../lib/consent/paths';
import { REFUSALS, type Refusal } from './request-guard';

/**
 * The one table of request body limits (docs/security.md). Every request with a
 * body is matched to its class here, first match wins, and server/body-gate.ts applies the class
 * before anything reads the body: a declared length over the limit is refused with a 413 (a 411
 * where the class needs a length), and a chunked body is counted as it arrives and refused with
 * a 413 once over. Whatever reads a body afterwards (Next's route handlers and Server Actions, the
 * lead and vitals endpoints) gets at most this many bytes.
 */

export interface BodyClass {
  /** For the docs and the logs. */
  readonly name: string;
  /** The largest body accepted, in bytes. */
  readonly limit: number;
  /** A body must state its Content-Length (411 otherwise). */
  readonly lengthRequired: boolean;
  /** Refusals as JSON `{ error }` (the API routes and their scripts) or plain text. */
  readonly answer: 'json' | 'text';
  /** This class's limit is for a live admin session; any other request gets `ANONYMOUS_BODY`'s. */
  readonly signedIn?: boolean;
  /**
   * Who may send this class's large body, when its own endpoint checks it before reading a byte
   * (a borrower's portal session, a builder's link) and drops the rest of a refused one.
   */
  readonly checkedBy?: string;
  /** The 413's message; `size` is the declared length when there is one. */
  tooLarge(size: number | null, url: string): string;
  /** The 411's message. */
  readonly noLength?: string;
  matches(method: string, path: string): boolean;
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const tooLarge = (what: string, limit: number) => () => `${what} is too large: at most ${kb(limit)} may be sent.`;
const post = (test: (path: string) => boolean) => (method: string, path: string) => method === 'POST' && test(path);

/** A Web Vitals report is a few hundred bytes (server/vitals/endpoint.ts). */
export const VITALS_BODY_LIMIT = 1024;
const SIGN_IN_LIMIT = 16 * 1024;
/** Stripe's events are a few KB; an invoice with many lines stays far below this. */
const STRIPE_EVENT_LIMIT = 512 * 1024;
/** An incoming text's parameters: a body of 1,600 characters, ten media URLs, Twilio's fields. */
const TWILIO_SMS_LIMIT = 64 * 1024;
const MEDIA_LIMIT = Math.max(IMAGE_MAX_BYTES, PDF_MAX_BYTES) + UPLOAD_FRAMING_BYTES;
const PORTAL_UPLOAD_LIMIT = DOCUMENT_MAX_BYTES + UPLOAD_FRAMING_BYTES;

/** Anything not named below: no route of ours takes a larger body from anyone. */
export const ANONYMOUS_BODY: BodyClass = {
  name: 'anything else',
  limit: 16 * 1024,
  lengthRequired: false,
  answer: 'text',
  tooLarge: tooLarge('The request', 16 * 1024),
  matches: () => true,
};

export const BODY_CLASSES: readonly BodyClass[] = [
  {
    name: 'lead endpoint',
    limit: FORM_BODY_LIMIT,
    lengthRequired: true,
    answer: 'json',
    tooLarge: () => REFUSALS.tooLarge.message,
    noLength: REFUSALS.noLength.message,
    matches: post((path) => path.startsWith(LEAD_ENDPOINT_PREFIX)),
  },
  {
    name: 'Web Vitals reports',
    limit: VITALS_BODY_LIMIT,
    lengthRequired: true,
    answer: 'text',
    tooLarge: () => `A report may be at most ${VITALS_BODY_LIMIT} bytes.`,
    noLength: 'A report must state its length.',
    matches: post((path) => path === VITALS_ENDPOINT),
  },
  {
    name: 'sign-in (password, second factor, passkey, sign-out)',
    limit: SIGN_IN_LIMIT,
    lengthRequired: false,
    answer: 'json',
    tooLarge: tooLarge('The sign-in request', SIGN_IN_LIMIT),
    matches: post((path) => path.startsWith('/api/auth/')),
  },
  {
    name: 'portal sign-in (sign-in link, sign-in, sign-out, passkeys)',
    limit: SIGN_IN_LIMIT,
    lengthRequired: false,
    answer: 'json',
    tooLarge: tooLarge('The sign-in request', SIGN_IN_LIMIT),
    matches: post((path) => /^\/api\/portal\/(sign-(in-link|in|out)|passkey\/.+)$/.test(path)),
  },
  {
    name: "application drafts ('Save and finish later')",
    limit: DRAFT_BODY_LIMIT,
    lengthRequired: false,
    answer: 'json',
    tooLarge: tooLarge('The draft', DRAFT_BODY_LIMIT),
    matches: post((path) => path === DRAFT_SAVE_PATH),
  },
  {
    name: 'Stripe webhook',
    limit: STRIPE_EVENT_LIMIT,
    lengthRequired: false,
    answer: 'json',
    tooLarge: tooLarge('The event', STRIPE_EVENT_LIMIT),
    matches: post((path) => path === '/api/stripe/webhook'),
  },
  {
    name: 'Twilio incoming texts',
    limit: TWILIO_SMS_LIMIT,
    lengthRequired: false,
    answer: 'text',
    tooLarge: tooLarge('The message', TWILIO_SMS_LIMIT),
    matches: post((path) => path === '/api/twilio/sms'),
  },
  {
    // Before the page posts below: a mail app's one-click POST (RFC 8058) and the page's buttons
    // are answered by server/unsubscribe-endpoint.ts, which reads them within this limit.
    name: 'unsubscribe links (one-click and the page)',
    limit: UNSUBSCRIBE_BODY_LIMIT,
    lengthRequired: false,
    answer: 'text',
    tooLarge: tooLarge('The request', UNSUBSCRIBE_BODY_LIMIT),
    matches: post((path) => path === UNSUBSCRIBE_PATH),
  },
  {
    name: 'media uploads (signed-in admins)',
    limit: MEDIA_LIMIT,
    lengthRequired: true,
    answer: 'json',
    signedIn: true,
    tooLarge: (size, url) =>
      fileTooLargeMessage(
        Math.max(0, (size ?? MEDIA_LIMIT + 1) - UPLOAD_FRAMING_BYTES),
        /[?&]kind=pdf\b/.test(url) ? 'pdf' : 'image',
      ),
    noLength: 'The upload must state its size (Content-Length).',
    matches: post((path) => path === '/api/admin/media'),
  },
  {
    // Anyone may post here, but the endpoint reads nothing before it has found the borrower's
    // session or the builder's link, and streams the file to the store (server/portal-upload.ts).
    name: 'portal uploads (borrowers and builders)',
    limit: PORTAL_UPLOAD_LIMIT,
    checkedBy: "server/portal-upload.ts: the borrower's portal session or the builder's link",
    lengthRequired: true,
    answer: 'json',
    tooLarge: () => 'This file is larger than 25 MB. Please send a smaller copy.',
    noLength: 'The upload must state its size (Content-Length).',
    matches: post((path) => path === PORTAL_UPLOAD_PATH || path.startsWith(BUILDER_UPLOAD_PREFIX)),
  },
  {
    name: "the server's own calls",
    limit: 64 * 1024,
    lengthRequired: false,
    answer: 'json',
    tooLarge: tooLarge('The call', 64 * 1024),
    matches: post((path) => path.startsWith('/api/internal/')),
  },
  {
    name: 'Server Actions and forms posted to pages',
    limit: FORM_BODY_LIMIT,
    lengthRequired: true,
    answer: 'text',
    tooLarge: () => REFUSALS.tooLarge.message,
    noLength: REFUSALS.noLength.message,
    matches: post((path) => !/^\/(api|_next)\//.test(path)),
  },
];

/** The class of a request: the first that matches, else ANONYMOUS_BODY. */
export function bodyClassOf(method: string | undefined, url: string | undefined): BodyClass {
  const path = (url ?? '/').split('?', 1)[0]!;
  return BODY_CLASSES.find((entry) => entry.matches(method ?? 'GET', path)) ?? ANONYMOUS_BODY;
}

/** What a refusal says, as the class answers: JSON for the API, plain text otherwise. */
export function refusalBody(entry: BodyClass, url: string, refusal: Refusal): { type: string; body: string } {
  const json = entry.answer === 'json' || (url.startsWith('/api/') && entry === ANONYMOUS_BODY);
  return json
    ? { type: 'application/json; charset=utf-8', body: JSON.stringify({ error: refusal.message }) }
    : { type: 'text/plain; charset=utf-8', body: refusal.message };
}
