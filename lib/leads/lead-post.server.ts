import 'server-only';
import type { LeadKind, LeadResult } from './fields';
import { leadKindOfPath } from './endpoint';
import { formValues } from './schemas';
import { submitLead } from './submit.server';

/**
 * Answers one POST to the lead endpoint (./endpoint.ts), whoever serves it: the start script or
 * the route handler. The body was already read and its size checked by the caller.
 */

export interface LeadPost {
  path: string;
  contentType: string | undefined;
  body: Buffer;
  /** The Origin and Host request headers. */
  origin: string | undefined;
  host: string | undefined;
  clientAddress: string;
  userAgent: string;
}

export interface LeadAnswer {
  status: number;
  /** JSON: the form's LeadResult, or `{ error }` for a request refused before any form logic. */
  body: string;
}

export type Submit = typeof submitLead;

/** The status of each answer, so logs, proxies and load tests can tell them apart; the body says the rest. */
const STATUS: Record<'ok' | 'invalid' | 'limited' | 'failed', number> = { ok: 200, invalid: 422, limited: 429, failed: 503 };

const refuse = (status: number, error: string): LeadAnswer => ({ status, body: JSON.stringify({ error }) });

/**
 * Like a Server Action, the endpoint answers only posts from the site's own pages (the Origin a
 * browser sends with every POST): another site's page cannot submit leads in a visitor's name.
 */
export function sameOrigin(origin: string | undefined, host: string | undefined, siteUrl: string): boolean {
  if (!origin) return false;
  try {
    const from = new URL(origin);
    return from.host === host || from.origin === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}

async function readValues(contentType: string | undefined, body: Buffer): Promise<Record<string, string> | null> {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    const values: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(body.toString('utf8'))) values[name] = value;
    return values;
  }
  if (type === 'multipart/form-data') {
    try {
      return formValues(await new Response(new Uint8Array(body), { headers: { 'Content-Type': contentType! } }).formData());
    } catch {
      return null;
    }
  }
  return null;
}

export async function answerLeadPost(
  post: LeadPost,
  site: { siteUrl: string },
  submit: Submit = submitLead,
): Promise<LeadAnswer> {
  const kind: LeadKind | null = leadKindOfPath(post.path);
  if (!kind) return refuse(404, 'No such form.');
  if (!sameOrigin(post.origin, post.host, site.siteUrl)) return refuse(403, 'Forms are accepted from this site only.');
  const values = await readValues(post.contentType, post.body);
  if (!values) return refuse(415, 'Send the form URL-encoded or as multipart/form-data.');
  const result: LeadResult = await submit(kind, values, { clientAddress: post.clientAddress, userAgent: post.userAgent });
  return { status: result ? STATUS[result.ok ? 'ok' : result.reason] : 200, body: JSON.stringify(result) };
}
