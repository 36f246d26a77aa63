import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { microcacheConf, nginxPath, runNginx, type NginxProcess } from '../../bench/nginx';
import { DOCUMENT_MAX_BYTES } from '../../lib/documents/types';
import { startSmtp } from '../support/mail';
import { withDb } from './admin-support';
import { openSection, signInToDashboard, toast } from './admin-ui';
import { MAIL_ENV } from './leads-support';
import { applicationWithFile, builderApplication, linkIn, mailTo } from './portal-support';
import { freePort, startServer, type RunningServer } from './server';

/**
 * The owner's and the borrower's uploads through nginx on the operators' own configuration,
 * docs/nginx/construction-loan-pros.conf, as `npm run start:cluster -- --nginx` runs it (issue 33):
 * its site-wide 100 KB limit once refused every photo. A several-MB image reaches the media
 * library, a 25 MB document reaches the portal's store, streamed (nginx does not spool it to
 * disk), and a public form over 100 KB is still refused by nginx itself.
 */

const nginx = nginxPath();
test.skip(!nginx, 'needs nginx (on Debian: apt-get install nginx; .ci/run installs it as root)');
test.describe.configure({ mode: 'serial' });

let server: RunningServer;
let proxy: NginxProcess;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let site: string;
let files: string;
/** What nginx writes to its error log (stderr) while the tests run. */
let nginxLog = '';

test.beforeAll(async () => {
  const [appPort, proxyPort] = [await freePort(), await freePort()];
  site = `http://127.0.0.1:${proxyPort}`;
  files = mkdtempSync(join(tmpdir(), 'clp-nginx-uploads-'));
  smtp = await startSmtp();
  // As docs/operations.md runs an instance behind nginx: the proxy's origin, its forwarded address, loopback only.
  server = await startServer({
    port: appPort,
    env: { SITE_URL: site, TRUST_PROXY: '1', HOST: '127.0.0.1', SMTP_URL: smtp.url, ...MAIL_ENV, SPAM_MIN_FILL_SECONDS: '0' },
  });
  proxy = await runNginx({
    nginx: nginx!,
    readyUrls: [`${site}/api/ready`],
    http: (prefix) => {
      const conf = microcacheConf({ appPorts: [appPort], listen: `127.0.0.1:${proxyPort}`, cacheDir: join(prefix, 'cache') });
      writeFileSync(join(prefix, 'site.conf'), conf);
      return [`include ${join(prefix, 'site.conf')};`];
    },
  });
  proxy.child.stderr?.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
});

test.afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
  await smtp?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

/** A PNG of random pixels, stored uncompressed: about 5 MB that no encoding can shrink on the way. */
async function fiveMegabytePng(): Promise<Buffer> {
  const side = 1300;
  const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.length).toBeGreaterThan(5 * 1000 * 1000);
  return png;
}

/** A PDF of exactly the largest size the portal takes (25 MB), as a file on disk for the file input. */
function largestPdf(): string {
  const pdf = Buffer.alloc(DOCUMENT_MAX_BYTES, 0x20);
  pdf.write('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n', 0, 'latin1');
  pdf.write('\ntrailer << /Root 1 0 R >>\n%%EOF\n', DOCUMENT_MAX_BYTES - 32, 'latin1');
  const path = join(files, 'photo-id-scan.pdf');
  writeFileSync(path, pdf);
  return path;
}

const item = (page: Page, label: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true }) });

test('the owner uploads a 5 MB photo to the media library through nginx', async ({ page }) => {
  const mediaCount = () =>
    withDb(server.databasePath, (db) => (db.prepare('select count(*) as n from media').get() as { n: number }).n);
  const before = mediaCount();
  await signInToDashboard(page, site);
  await openSection(page, 'Site Content');
  const hero = page.locator('#panel-hero');
  await hero
    .getByLabel('Upload image')
    .setInputFiles({ name: 'site-photo.png', mimeType: 'image/png', buffer: await fiveMegabytePng() });
  // nginx's own 413 page would read as "The upload failed (HTTP 413)".
  await expect(toast(page)).toContainText('✅ Image Uploaded');
  const address = await hero.getByLabel('Image address').inputValue();
  expect(address).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
  expect(mediaCount()).toBe(before + 1);
  const served = await page.request.get(`${site}${address}`);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
});

test('a borrower sends a 25 MB document through nginx, streamed to the store, and sees it received', async ({ page }) => {
  await applicationWithFile(site, builderApplication, server.databasePath);
  const email = builderApplication.email!;
  await page.goto(`${site}/portal`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('If a loan file uses that address');
  await page.goto(linkIn(await mailTo(smtp.mails, email, /sign-in link/), `${site}/portal/sign-in?token=`));
  await page.getByRole('button', { name: 'Open my loan file' }).click();
  await expect(page.getByRole('heading', { name: 'Your construction loan' })).toBeVisible();

  const photoId = item(page, 'Photo ID');
  await photoId.getByLabel(/Choose a file for/).setInputFiles(largestPdf());
  await photoId.getByRole('button', { name: 'Send file' }).click();
  await expect(photoId.getByRole('status')).toHaveText(/your file was received/, { timeout: 30_000 });
  await expect(photoId.getByText('Received: in review')).toBeVisible();
  await expect(photoId.getByText(/photo-id-scan\.pdf/)).toBeVisible();

  const stored = withDb(server.databasePath, (db) =>
    db.prepare(`select size from documents where state = 'complete' order by created_at desc limit 1`).get(),
  ) as { size: number } | undefined;
  expect(stored?.size).toBe(DOCUMENT_MAX_BYTES);
  // `proxy_request_buffering off`: nginx passed the bytes on as they came, rather than write them
  // to a temporary file first (which it logs as a warning).
  expect(nginxLog).not.toMatch(/buffered to a temporary file[^\n]*\/api\/portal\/documents/);
});

test('nginx still refuses a public form of more than 100 KB itself', async () => {
  const response = await fetch(`${site}/api/leads/contact`, {
    method: 'POST',
    headers: { Origin: site, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `message=${'x'.repeat(200 * 1024)}`,
  });
  expect(response.status).toBe(413);
  expect(await response.text()).toContain('<center>nginx');
});
