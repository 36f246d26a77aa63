import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { REFUSALS } from '../../server/request-guard';
import { captureOutput } from '../support/production-server';
import { freePort, root, startServer, tempDatabasePath, type RunningServer } from './server';

/**
 * The site runs on its own server (server/, ADR 011) under both `npm start` and `npm run dev`, and
 * nowhere else: what it decides (the client's address above all) must not depend on the launcher.
 */

test('next start and next dev refuse to serve the site and name the command to use', async () => {
  test.setTimeout(90_000);
  const database = tempDatabasePath();
  try {
    for (const command of ['start', 'dev']) {
      const child = spawn(
        process.execPath,
        [join(root, 'node_modules/next/dist/bin/next'), command, '-p', String(await freePort())],
        {
          cwd: root,
          env: { ...process.env, DATABASE_URL: `file:${database.path}`, NEXT_TELEMETRY_DISABLED: '1' },
        },
      );
      const output = captureOutput(child);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, `next ${command}`).toBe(1);
      expect(output()).toContain('start it with `npm start` (production) or `npm run dev` (development)');
    }
  } finally {
    database.cleanup();
  }
});

/** One raw POST, so a request can leave out its length (chunked) as no fetch would. */
function post(url: string, path: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One `npm start` server for the tests below (the lead endpoint's without the fill-time check). */
test.describe('under npm start', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ env: { SPAM_MIN_FILL_SECONDS: '0' } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('wrong passwords with a forged address on every try still get 429 at the 11th', async () => {
    // Sent at once: each guess is counted before its password is checked, so the limit holds for
    // parallel guesses too, and none waits out another's deliberate second.
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const i = index + 1;
        const response = await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          body: new URLSearchParams({ password: `wrong-${i}` }),
          headers: {
            Origin: server.url,
            Accept: 'application/json',
            'X-Forwarded-For': `198.51.100.${i}`,
            'X-Real-IP': `198.51.100.${i}`,
            Forwarded: `for=203.0.113.${i}`,
            'X-Clp-Client-Address': `192.0.2.${i}`,
          },
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.sort((a, b) => a - b)).toEqual([...Array<number>(10).fill(401), 429, 429]);
  });

  test('the lead endpoint answers alike under npm run dev and npm start', async () => {
    test.setTimeout(240_000);
    const dev = await startServer({ env: { SPAM_MIN_FILL_SECONDS: '0' }, args: ['--dev'], timeoutMs: 180_000 });
    const servers = [server, dev];
    try {
      const form = 'from_name=Ann&from_email=ann%40example.com&message=Hi&fill_ms=5000';
      for (const target of servers) {
        const urlencoded = { Origin: target.url, 'Content-Type': 'application/x-www-form-urlencoded' };
        const sized = (body: string, headers: Record<string, string> = urlencoded) => ({
          body,
          headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        });
        const cases: [string, number, string, { body: string; headers: Record<string, string> }][] = [
          ['a complete form', 200, '/api/leads/contact', sized(form)],
          ['a form missing its e-mail', 422, '/api/leads/contact', sized('from_name=Ann&message=Hi')],
          [
            'no length',
            REFUSALS.noLength.status,
            '/api/leads/contact',
            { body: form, headers: { ...urlencoded, 'Transfer-Encoding': 'chunked' } },
          ],
          ['too large', REFUSALS.tooLarge.status, '/api/leads/contact', sized(`${form}&message=${'x'.repeat(200_000)}`)],
          [
            'JSON',
            REFUSALS.encoding.status,
            '/api/leads/contact',
            sized('{}', { ...urlencoded, 'Content-Type': 'application/json' }),
          ],
          [
            'broken multipart',
            REFUSALS.malformed.status,
            '/api/leads/contact',
            sized('--x\r\nbroken', { ...urlencoded, 'Content-Type': 'multipart/form-data; boundary=x' }),
          ],
          ['another site', 403, '/api/leads/contact', sized(form, { ...urlencoded, Origin: 'https://evil.example' })],
          ['no such form', 404, '/api/leads/payment', sized(form)],
        ];
        for (const [name, status, path, { body, headers }] of cases) {
          expect(
            await post(target.url, path, body, headers),
            `${name} (${target === server ? 'npm start' : 'npm run dev'})`,
          ).toBe(status);
        }
      }
    } finally {
      await dev.stop();
    }
  });
});
