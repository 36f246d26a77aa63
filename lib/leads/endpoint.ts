import { LEAD_TYPES, type LeadKind, type LeadResult } from './fields';

/**
 * The lead endpoint: where a form posts its lead when JavaScript runs (a form posted without
 * JavaScript goes to its Server Action). One plain POST answered with the form's LeadResult as
 * JSON, which costs the server a fraction of a Server Action call. The server answers it before
 * Next (server/lead-endpoint.ts).
 */

export const LEAD_ENDPOINT_PREFIX = '/api/leads/';

export function leadEndpoint(kind: LeadKind): string {
  return `${LEAD_ENDPOINT_PREFIX}${kind}`;
}

/** The form kind a path names, or null when it is not the lead endpoint of a kind. */
export function leadKindOfPath(path: string): LeadKind | null {
  if (!path.startsWith(LEAD_ENDPOINT_PREFIX)) return null;
  const kind = path.slice(LEAD_ENDPOINT_PREFIX.length).split('?')[0]!;
  return Object.hasOwn(LEAD_TYPES, kind) ? (kind as LeadKind) : null;
}

/**
 * Posts a form's values to the lead endpoint and returns its answer. Throws when there is no
 * LeadResult to show (no connection, or a refusal such as an oversized form), which the form
 * answers with the spec's 'Uh oh!' toast.
 */
export async function postLead(kind: LeadKind, data: FormData): Promise<LeadResult> {
  const body = new URLSearchParams();
  for (const [name, value] of data) if (typeof value === 'string') body.append(name, value);
  const response = await fetch(leadEndpoint(kind), { method: 'POST', body, headers: { Accept: 'application/json' } });
  const answer: unknown = response.headers.get('content-type')?.startsWith('application/json') ? await response.json() : null;
  if (answer === null || typeof answer !== 'object' || typeof (answer as { ok?: unknown }).ok !== 'boolean') {
    throw new Error(`The lead endpoint answered ${response.status} without a result`);
  }
  return answer as LeadResult;
}
