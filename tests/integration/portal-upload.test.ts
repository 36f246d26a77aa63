import { request } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { documentsOf } from '../../lib/documents/store.server';
import { builderLink } from '../../lib/loan-files/builder.server';
import { openLoanFile } from '../../lib/loan-files/files.server';
import { readItem } from '../../lib/loan-files/queries.server';
import { itemOwner } from '../../lib/loan-files/upload-access.server';
import { answerPortalUpload } from '../../server/portal-upload';
import { fullApplication } from '../support/lead-data';
import { listen } from '../support/http-server';
import { recordLead } from '../support/leads';
import { tempSqlite } from '../support/temp-db';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 31).toString('base64');
});

/**
 * The portal's upload endpoint over real HTTP, on a real SQLite file: the file streams from the
 * socket to the encrypted store, and every refusal is answered at once, whatever is still on its way
 * (the browser tests post to it through the whole server, tests/e2e/portal.spec.ts).
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  const db: DB = handle.db;
  await migrateToLatest(db);
  const { id } = await recordLead(db, {
    kind: 'application',
    fields: { ...fullApplication, builderStatus: 'have-builder' },
    page: '/apply',
    consent: false,
    spamReason: null,
    clientAddress: '203.0.113.7',
    userAgent: 'test',
  });
  const { file } = await openLoanFile(db, id);
  let url = '';
  const server = await listen(
    (req, res) =>
      void answerPortalUpload(req, res, { siteUrl: url, trustProxy: false }, { db: async () => db, scanner: () => undefined }),
  );
  url = server.url;
  cleanups.push(server.close);
  const link = await builderLink(db, file.id, { siteUrl: url });
  const token = link.split('/').pop()!;
  const builderItem = file.items.find((item) => item.owedBy === 'builder')!;
  const borrowerItem = file.items.find((item) => item.owedBy === 'borrower')!;
  return { db, url, token, builderItem, borrowerItem };
}

const BOUNDARY = 'portal-test-boundary';

/** Posts a multipart body of one file (its bytes from `parts`, streamed) and reads the answer. */
function post(
  url: string,
  path: string,
  parts: Buffer[],
  { origin = url, accept = 'application/json', stopAfter }: { origin?: string; accept?: string; stopAfter?: number } = {},
): Promise<{ status: number; body: string; location?: string }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const length = head.length + parts.reduce((sum, part) => sum + part.length, 0) + tail.length;
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        'Content-Length': length,
        Origin: origin,
        Accept: accept,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body, location: res.headers.location }));
    });
    req.on('error', (error) => (stopAfter === undefined ? reject(error) : resolve({ status: 0, body: String(error) })));
    void (async () => {
      req.write(head);
      for (const [index, part] of parts.entries()) {
        if (stopAfter !== undefined && index === stopAfter) {
          // The client goes away mid-file.
          await new Promise((done) => setTimeout(done, 100));
          req.destroy();
          return;
        }
        if (!req.write(part)) await new Promise((done) => req.once('drain', done));
      }
      req.end(tail);
    })();
  });
}

const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(Math.max(0, bytes - 9), 0x20)]);
const megabyte = 1024 * 1024;

describe('the portal upload endpoint', () => {
  it('stores a builder’s document for a builder item and marks it received', async () => {
    const { db, url, token, builderItem } = await setup();
    const answer = await post(url, `/api/portal/builder/${token}/documents?item=${builderItem.id}`, [pdf(3 * megabyte)]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ outcome: 'ok', item: builderItem.id });
    const [stored] = await documentsOf(db, [itemOwner(builderItem.id)]);
    expect(stored).toMatchObject({ size: 3 * megabyte, contentType: 'application/pdf', uploadedBy: 'builder' });
    expect((await readItem(db, builderItem.id))!.state).toBe('uploaded');
  });

  it('answers a plain form with a 303 back to the builder’s page and the outcome', async () => {
    const { url, token, builderItem } = await setup();
    const answer = await post(url, `/api/portal/builder/${token}/documents?item=${builderItem.id}`, [pdf(1000)], {
      accept: 'text/html',
    });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/portal/builder/${token}?item=${builderItem.id}&upload=ok#item-${builderItem.id}`);
  });

  it('refuses a large file that is not a document at once, while it is still being sent, and stores nothing', async () => {
    const { db, url, token, builderItem } = await setup();
    const notPdf = Array.from({ length: 6 }, () => Buffer.alloc(megabyte, 0x41));
    const answer = await post(url, `/api/portal/builder/${token}/documents?item=${builderItem.id}`, notPdf);
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body).outcome).toBe('type');
    expect(await documentsOf(db, [itemOwner(builderItem.id)])).toEqual([]);
    expect(await db.selectFrom('document_chunks').select('seq').execute()).toEqual([]);
  });

  it('refuses a file over 25 MB with a 413 and keeps nothing of it', async () => {
    const { db, url, token, builderItem } = await setup();
    const parts = [pdf(megabyte), ...Array.from({ length: 25 }, () => Buffer.alloc(megabyte, 0x20))];
    const answer = await post(url, `/api/portal/builder/${token}/documents?item=${builderItem.id}`, parts);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).outcome).toBe('too-large');
    expect(await db.selectFrom('documents').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('document_chunks').select('seq').execute()).toEqual([]);
  });

  it('keeps nothing of an upload whose sender went away midway', async () => {
    const { db, url, token, builderItem } = await setup();
    const parts = [pdf(megabyte), ...Array.from({ length: 5 }, () => Buffer.alloc(megabyte, 0x20))];
    await post(url, `/api/portal/builder/${token}/documents?item=${builderItem.id}`, parts, { stopAfter: 3 });
    await expect.poll(async () => (await db.selectFrom('document_chunks').select('seq').execute()).length).toBe(0);
    expect(await db.selectFrom('documents').select('id').execute()).toEqual([]);
    expect((await readItem(db, builderItem.id))!.state).toBe('requested');
  });

  it('refuses another site’s form, a made-up link, a borrower’s item on the builder’s link, and a borrower without a session', async () => {
    const { db, url, token, builderItem, borrowerItem } = await setup();
    const builderPath = `/api/portal/builder/${token}/documents?item=`;
    expect((await post(url, `${builderPath}${builderItem.id}`, [pdf(1000)], { origin: 'https://evil.example' })).status).toBe(
      403,
    );
    const voided = `/api/portal/builder/${'x'.repeat(43)}/documents?item=${builderItem.id}`;
    expect((await post(url, voided, [pdf(1000)])).status).toBe(404);
    // A plain form is sent back to the builder's page, which says the link is no longer valid.
    const voidedForm = await post(url, voided, [pdf(1000)], { accept: 'text/html' });
    expect([voidedForm.status, voidedForm.location]).toEqual([303, `/portal/builder/${'x'.repeat(43)}`]);
    const borrowers = await post(url, `${builderPath}${borrowerItem.id}`, [pdf(1000)]);
    expect(JSON.parse(borrowers.body).outcome).toBe('closed');
    expect((await post(url, `/api/portal/documents?item=${borrowerItem.id}`, [pdf(1000)])).status).toBe(401);
    const plain = await post(url, `/api/portal/documents?item=${borrowerItem.id}`, [pdf(1000)], { accept: 'text/html' });
    expect([plain.status, plain.location]).toEqual([303, '/portal']);
    expect(await db.selectFrom('documents').select('id').execute()).toEqual([]);
  });
});
