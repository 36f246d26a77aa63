import type { IncomingMessage, ServerResponse } from 'node:http';
import { ADMIN_HOME, ADMIN_SECTIONS, firstSectionFor, inSection } from '../lib/admin/sections';
import { CHOOSE_PASSWORD_PATH } from '../lib/auth/choose-password';
import { can } from '../lib/auth/roles';
import { SESSION_COOKIE } from '../lib/auth/session-cookie';
import { validateSession, type SessionLimits } from '../lib/auth/sessions.server';
import { getDb } from '../lib/db/index.server';
import { readCookie } from '../lib/http/read-cookie';
import type { Env } from '../lib/env-schema';

/**
 * A real 403 for an admin section the signed-in account's role does not include. Next streams an
 * admin page (its 200 is sent before the page's own check runs), so its forbidden() arrives inside
 * a 200; the status has to be decided before Next, here. Not the only check: every page, action
 * and route checks the role itself (ADR 018). A request without a live session goes on to Next,
 * which sends it to /login.
 *
 * /admin itself is the Overview for a role that sees leads; anyone else gets a plain 307 from
 * here (to /login without a live session, else to the role's first section), which a browser
 * without JavaScript follows like any redirect. A session still on the built-in default password
 * gets a 307 to 'Choose your password' from every section (issue 28).
 */
export function adminGate(env: Env) {
  const cookieName = env.SITE_URL.startsWith('https:') ? SESSION_COOKIE.https : SESSION_COOKIE.http;
  const limits: SessionLimits = { idleMinutes: env.SESSION_IDLE_MINUTES, maxDays: env.SESSION_MAX_DAYS };

  /** The section a page request opens, or null for anything else. */
  function sectionOf(req: IncomingMessage) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const path = (req.url ?? '').split('?')[0] ?? '';
    return ADMIN_SECTIONS.find(({ href }) => inSection(href, path)) ?? null;
  }

  async function sessionOf(req: IncomingMessage) {
    const token = readCookie(req.headers.cookie, cookieName);
    return token ? validateSession(await getDb(), token, limits) : null;
  }

  /** True when the request may go on to Next; otherwise the 307 or the 403 has been sent. */
  async function admits(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const section = sectionOf(req);
    if (!section) return true;
    const session = await sessionOf(req);
    if (session?.mustChoosePassword) return redirectTo(res, CHOOSE_PASSWORD_PATH);
    if (section.href === ADMIN_HOME) {
      const target = !session
        ? '/login'
        : can(session.account.role, section.permission)
          ? null
          : firstSectionFor(session.account.role);
      return target ? redirectTo(res, target) : true;
    }
    if (!session || can(session.account.role, section.permission)) return true;
    res.writeHead(403, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(forbiddenPage(section.label));
    return false;
  }

  return {
    applies: (req: IncomingMessage) => sectionOf(req) !== null,
    admits,
    /** True when the request carries a live admin session (the body limits of uploads, ./body-limits.ts). */
    signedIn: async (req: IncomingMessage) => (await sessionOf(req)) !== null,
  };
}

/** A relative Location: the request's own host is the one the browser used. */
function redirectTo(res: ServerResponse, location: string): false {
  res.writeHead(307, { Location: location, 'Cache-Control': 'no-store' }).end();
  return false;
}

function forbiddenPage(section: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not available to your account</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><main><h1>Not available to your account</h1><p>Your role does not include ${section}. Ask the owner if you need access.</p><p><a href="/admin">Back to the dashboard</a></p></main></body></html>`;
}
