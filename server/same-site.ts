import type { IncomingMessage } from 'node:http';
import { isSameOrigin } from '../lib/http/origin';

/** A request header's first value. */
export const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Like a Server Action, the server's own endpoints answer posts from the site's own pages only
 * (the Origin, lib/http/origin.ts): a form on another site cannot post a lead or an upload in a
 * visitor's name.
 */
export function sameSite(req: IncomingMessage, site: { siteUrl: string; trustProxy: boolean }): boolean {
  const headers = new Headers();
  for (const name of ['origin', 'host', 'x-forwarded-host']) {
    const value = header(req, name);
    if (value) headers.set(name, value);
  }
  return isSameOrigin(headers, site.siteUrl, site.trustProxy);
}
