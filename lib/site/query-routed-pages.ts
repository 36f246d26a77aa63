import { APPLY_LINK_PARAMS } from '../drafts/draft-values';
import { HIDDEN } from '../leads/fields';

/**
 * Public URLs that a query parameter makes another page (next.config.ts rewrites them): /apply is
 * one cached page, but a link that prefills it or resumes a draft is rendered per request by
 * /apply/continue (ADR 024). Every other cached page is the same whatever its query says (a page
 * that reads its query is rendered per request and never cached), so the server's micro-cache keys
 * pages on their path alone and leaves these URLs to Next (server/pipeline/micro-cache.ts).
 */
export const QUERY_ROUTED_PAGES: readonly { path: string; params: readonly string[]; destination: string }[] = [
  { path: '/apply', params: APPLY_LINK_PARAMS, destination: '/apply/continue' },
  // An officer profile's 'Message' link (issue 31): the form carries the officer; /contact stays cached.
  { path: '/contact', params: [HIDDEN.officer], destination: '/contact/officer' },
];
