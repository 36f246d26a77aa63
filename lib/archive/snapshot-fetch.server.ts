import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { processSingleton } from '../runtime/process-singleton';
import type { SnapshotRenderer } from './export.server';
import { standaloneSnapshot, stylesheetHrefs } from './snapshot-html';

/**
 * The export's renderer in production: each snapshot is the admin's own archive view
 * (/admin/archive/view), requested from this process over the loopback with the exporting
 * owner's cookies, so the ZIP holds exactly the page the owner sees there, rendered by the same
 * server components as the site. A route handler cannot render React to HTML itself (Next gives
 * it no react-dom/server); the page can.
 *
 * The requests carry this process's random token, by which the view knows it is part of an
 * export, already logged once, rather than a view to log each time. Only code in this process
 * knows the token; a visitor's request cannot carry it.
 */

export const SNAPSHOT_HEADER = 'x-archive-snapshot';

const token = () => processSingleton('archive.snapshot-token', () => randomBytes(32).toString('hex'));

/** True when a request is one of this process's export snapshots. */
export function isSnapshotRequest(headers: Headers): boolean {
  const given = Buffer.from(headers.get(SNAPSHOT_HEADER) ?? '');
  const expected = Buffer.from(token());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The view's address for a moment and a page. */
export const archiveViewPath = (at: string, path: string) =>
  `/admin/archive/view?${new URLSearchParams({ at, page: path }).toString()}`;

export class SnapshotFetchError extends Error {
  override name = 'SnapshotFetchError';
}

/**
 * A renderer that asks this server (at `origin`, lib/http/own-origin.ts) for each view with
 * `cookie`, writes the stylesheets into the page (each fetched once per export) and points it at
 * `siteUrl`.
 */
export function snapshotFetcher(options: { origin: string; cookie: string; siteUrl: string }): SnapshotRenderer {
  const { origin } = options;
  const stylesheets = new Map<string, string>();

  async function get(path: string, headers: Record<string, string>): Promise<string> {
    const response = await fetch(`${origin}${path}`, { headers, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
    if (response.status !== 200) throw new SnapshotFetchError(`${path.split('?')[0]} answered ${response.status}`);
    return response.text();
  }

  return async ({ at, path }) => {
    const html = await get(archiveViewPath(at, path), { cookie: options.cookie, [SNAPSHOT_HEADER]: token() });
    for (const href of stylesheetHrefs(html))
      if (!stylesheets.has(href) && href.startsWith('/') && !href.startsWith('//')) stylesheets.set(href, await get(href, {}));
    return standaloneSnapshot(html, { stylesheets, baseUrl: options.siteUrl });
  };
}
