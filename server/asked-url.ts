import type { IncomingMessage } from 'node:http';

/**
 * The URL a visitor asked for, where the server hands Next another: a calculator page's query is
 * the server's to answer, and Next renders the page without it (./calculators/query-page.ts). Steps
 * that read what the visitor asked (the attribution of a landing) read it here.
 */
const asked = new WeakMap<IncomingMessage, string>();

/** Hands the app `url` in place of what was asked, which `askedUrl` keeps. */
export function handAppUrl(req: IncomingMessage, url: string): void {
  if (!asked.has(req)) asked.set(req, req.url ?? '/');
  req.url = url;
}

export const askedUrl = (req: IncomingMessage): string => asked.get(req) ?? req.url ?? '/';
