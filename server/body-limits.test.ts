import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORM_BODY_LIMIT } from '../lib/http/form-body-limit';
import { ANONYMOUS_BODY, BODY_CLASSES, bodyClassOf } from './body-limits';

const root = join(import.meta.dirname, '..');

/** Every route handler under app/api that takes a body: `/api/...` for each route.ts exporting POST, PUT or PATCH. */
function postRoutes(dir = join(root, 'app', 'api')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return postRoutes(path);
    if (entry.name !== 'route.ts' || !/export (async )?function (POST|PUT|PATCH)\b/.test(readFileSync(path, 'utf8'))) return [];
    return [`/${relative(join(root, 'app'), dir).split('\\').join('/')}`];
  });
}

describe('the body limits table', () => {
  it('gives every route handler that takes a body a class of its own, never the catch-all', () => {
    const routes = postRoutes();
    expect(routes).toContain('/api/stripe/webhook');
    for (const route of routes) expect(bodyClassOf('POST', route), route).not.toBe(ANONYMOUS_BODY);
  });

  it('names the class of each kind of request', () => {
    const name = (method: string, url: string) => bodyClassOf(method, url).name;
    expect(name('POST', '/api/leads/contact')).toBe('lead endpoint');
    expect(name('POST', '/api/vitals')).toBe('Web Vitals reports');
    expect(name('POST', '/api/auth/login')).toMatch(/^sign-in/);
    expect(name('POST', '/api/auth/passkey/verify')).toMatch(/^sign-in/);
    expect(name('POST', '/api/application-drafts')).toMatch(/^application drafts/);
    expect(name('POST', '/api/stripe/webhook')).toBe('Stripe webhook');
    expect(name('POST', '/api/twilio/sms')).toBe('Twilio incoming texts');
    expect(name('POST', '/unsubscribe?t=x')).toMatch(/^unsubscribe links/);
    expect(name('POST', '/api/admin/media?kind=pdf')).toMatch(/^media uploads/);
    expect(name('POST', '/api/portal/documents?item=x')).toMatch(/^portal uploads/);
    expect(name('POST', `/api/portal/builder/${'t'.repeat(43)}/documents?item=x`)).toMatch(/^portal uploads/);
    expect(name('POST', '/api/portal/sign-in-link')).toMatch(/^portal sign-in/);
    expect(name('POST', '/contact')).toBe('Server Actions and forms posted to pages');
    expect(name('POST', '/admin/leads')).toBe('Server Actions and forms posted to pages');
    expect(name('GET', '/')).toBe('anything else');
    expect(name('POST', '/api/no-such-route')).toBe('anything else');
    expect(name('POST', '/_next/static/x.js')).toBe('anything else');
  });

  it('bounds every class, the anonymous ones far below an upload', () => {
    for (const entry of [...BODY_CLASSES, ANONYMOUS_BODY]) {
      expect(entry.limit, entry.name).toBeGreaterThan(0);
      if (!entry.signedIn && !entry.checkedBy) expect(entry.limit, entry.name).toBeLessThanOrEqual(512 * 1024);
    }
    expect(bodyClassOf('POST', '/contact').limit).toBe(FORM_BODY_LIMIT);
  });

  it("tells the owner an upload's size in the upload's own words", () => {
    const media = bodyClassOf('POST', '/api/admin/media');
    expect(media.tooLarge(25 * 1024 * 1024, '/api/admin/media?kind=image')).toMatch(/largest image accepted is 20 MB/);
    expect(media.tooLarge(25 * 1024 * 1024, '/api/admin/media?kind=pdf')).toMatch(/largest PDF accepted is 20 MB/);
  });
});
