import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chromiumLaunchOptions } from '../support/chromium';
import { listen } from '../support/http-server';
import { loopbackCertificate, pushService, type PushDevice, type PushService } from '../support/push-service';
import { fetchAdmin, withDb } from './admin-support';
import { expectNoAxeViolations, openSection, signInToDashboard, toast } from './admin-ui';
import { startServer, type RunningServer } from './server';
import { addAccount, signInAs } from './team-support';

// Web Push needs the full browser: the headless shell the other specs run has no push service.
test.use({ launchOptions: chromiumLaunchOptions });

/**
 * Web push in a real browser against the real server: the admin installs as an app (manifest,
 * icons) and only the admin registers a service worker; 'Turn on alerts on this device' stores the
 * device; a new lead reaches a stand-in push service encrypted for that device, and the worker
 * shows what it decrypts to. Headless Chromium has no push service of its own here, so the page's
 * PushManager hands out the stand-in's subscription (keys the test holds, an endpoint on
 * fcm.googleapis.com that OUTBOUND_RESOLVE connects to the stand-in); everything after that (the
 * action, the outbox, web-push's encryption and VAPID, the https request, the worker) is the real
 * thing. A device offering anything but a browser's push service is refused, and a push service
 * that redirects (to the cloud metadata address) is not followed.
 */

/** The push service the stand-in plays (the app posts only to the browsers' push services). */
const PUSH_HOST = 'fcm.googleapis.com';

let server: RunningServer;
let service: PushService;
let tls: ReturnType<typeof loopbackCertificate>;
test.beforeAll(async () => {
  tls = loopbackCertificate([PUSH_HOST]);
  service = await pushService(tls, PUSH_HOST);
  server = await startServer({
    env: {
      SPAM_MIN_FILL_SECONDS: '0',
      NODE_EXTRA_CA_CERTS: tls.certPath,
      // The stand-in answers for Google's push host on 127.0.0.1: a private target, allowed here only.
      OUTBOUND_ALLOW_PRIVATE: '1',
      OUTBOUND_RESOLVE: `${PUSH_HOST}=127.0.0.1`,
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await service?.close();
  tls?.cleanup();
});

/** Makes the page's PushManager subscribe to the stand-in with `device`'s keys (kept across reloads). */
async function useStandInPushService(page: Page, device: PushDevice) {
  await page.addInitScript((sub) => {
    const KEY = 'stand-in-push-subscription';
    const fake = () => ({
      endpoint: sub.endpoint,
      toJSON: () => ({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }),
      unsubscribe: async () => (localStorage.removeItem(KEY), true),
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEY, '1');
      return fake() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(KEY) ? fake() : null) as unknown as PushSubscription | null;
    };
  }, device.subscription);
}

test('the admin installs as an app, and the public site registers no worker', async ({ page }) => {
  const manifest = await fetch(`${server.url}/admin/manifest.webmanifest`, { redirect: 'manual' });
  expect(manifest.status).toBe(200);
  expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
  const app = (await manifest.json()) as {
    start_url: string;
    scope: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(app).toMatchObject({ start_url: '/admin', scope: '/admin', display: 'standalone' });
  expect(app.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of app.icons) {
    const response = await fetch(`${server.url}${icon.src}`);
    expect(response.headers.get('content-type')).toBe('image/png');
    const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(`${width}x${height}`).toBe(icon.sizes);
  }

  const worker = await fetch(`${server.url}/admin/sw.js`, { redirect: 'manual' });
  expect(worker.status).toBe(200);
  expect(worker.headers.get('content-type')).toContain('javascript');
  expect(worker.headers.get('service-worker-allowed')).toBe('/admin');

  await page.goto(server.url);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  await signInToDashboard(page, server.url);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/admin/manifest.webmanifest');
  // Chromium's own verdict: nothing but the test's private window (a Playwright context) stands in
  // the way of installing the admin (a bad manifest or icon would be named here).
  await page.reload();
  const cdp = await page.context().newCDPSession(page);
  const installErrors = async () =>
    (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
      .map((e) => e.errorId)
      .filter((id) => id !== 'in-incognito');
  await expect.poll(installErrors).toEqual([]);
  const { url: manifestUrl } = await cdp.send('Page.getAppManifest');
  expect(manifestUrl).toBe(`${server.url}/admin/manifest.webmanifest`);
});

test('alerts turned on for a device reach it encrypted, and its worker shows kind, name and amount', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: server.url });
  const device = service.device('owner-phone');
  await useStandInPushService(page, device);
  await signInToDashboard(page, server.url);
  await openSection(page, 'Security');

  const section = page.getByRole('region', { name: 'Lead alerts' });
  await expect(section.getByTestId('push-state')).toHaveText('Alerts are off for this device.');
  await expect(section.getByText('No device has alerts turned on.')).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }

  await section.getByRole('button', { name: 'Turn on alerts on this device' }).click();
  await expect(toast(page).filter({ hasText: 'Alerts On' })).toBeVisible();
  await expect(section.getByTestId('push-state')).toHaveText('Alerts are on for this device.');
  await expect(section.getByRole('list', { name: 'Your devices with alerts' }).getByRole('listitem')).toHaveCount(1);
  await expect(section.getByText('(this device)')).toBeVisible();
  // The worker is the admin's alone: its scope is /admin.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/admin'))?.scope)).toBe(
    `${server.url}/admin`,
  );
  expect(withDb(server.databasePath, (db) => db.prepare('SELECT user_id, endpoint FROM push_subscriptions').all())).toEqual([
    { user_id: 'admin', endpoint: device.subscription.endpoint },
  ]);

  const lead = await fetch(`${server.url}/api/leads/qualification`, {
    method: 'POST',
    headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      firstName: 'Pat',
      lastName: 'Rivera',
      email: 'pat@example.com',
      phone: '208-555-0199',
      projectType: '',
      estimatedCost: '450000',
      page: '/',
      fill_ms: '9000',
    }),
  });
  expect(lead.status).toBe(200);
  await expect.poll(() => service.received.length).toBe(1);
  const push = service.received[0]!;
  expect(push.headers['content-encoding']).toBe('aes128gcm');
  const leadId = withDb(server.databasePath, (db) => (db.prepare('SELECT id FROM leads').get() as { id: string }).id);
  const alert = device.decrypt(push.body);
  expect(alert).toEqual({
    title: 'New lead: Qualification form',
    body: 'Pat Rivera · $450,000',
    url: `/admin/leads?lead=${leadId}`,
    tag: `lead-${leadId}`,
  });

  // What the push service would hand the browser: the worker shows it as a notification. Handed
  // over once DevTools reports the admin's worker activated and running, so that the push never
  // meets a worker Chromium is still starting. (The one failure seen, in a CI run, showed no
  // notification at all, and 28 runs here, 12 with both cores kept busy, did not repeat it: the
  // workers' states at delivery are in the assertion's message should it come again.)
  const cdp = await context.newCDPSession(page);
  const versions = new Map<string, { registrationId: string; status: string; runningStatus: string }>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
    for (const { versionId, registrationId, status, runningStatus } of updated) {
      versions.set(versionId, { registrationId, status, runningStatus });
    }
  });
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const admin = registrations.find((r) => r.scopeURL === `${server.url}/admin` && !r.isDeleted);
      if (admin) resolve(admin.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const admin = await registrationId;
  await cdp.send('ServiceWorker.startWorker', { scopeURL: `${server.url}/admin` });
  const ready = () =>
    [...versions.values()].some((v) => v.registrationId === admin && v.status === 'activated' && v.runningStatus === 'running');
  await expect.poll(ready).toBe(true);
  const atDelivery = JSON.stringify([...versions.values()]);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId: admin, data: JSON.stringify(alert) });
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.getRegistration('/admin'))!.getNotifications()).map(
            (n) => `${n.title} | ${n.body}`,
          ),
        ),
      { message: `the worker's notification (workers at delivery: ${atDelivery})` },
    )
    .toEqual(['New lead: Qualification form | Pat Rivera · $450,000']);

  // The alert's link opens the lead.
  await page.goto(`${server.url}${(alert as { url: string }).url}`);
  await expect(page.getByRole('dialog')).toContainText('Pat Rivera');
  await page.keyboard.press('Escape');

  await openSection(page, 'Security');
  await section.getByRole('button', { name: 'Turn off alerts on this device' }).click();
  await expect(section.getByTestId('push-state')).toHaveText('Alerts are off for this device.');
  await expect(section.getByText('No device has alerts turned on.')).toBeVisible();
  expect(withDb(server.databasePath, (db) => db.prepare('SELECT count(*) AS n FROM push_subscriptions').get())).toEqual({ n: 0 });
});

test('My Account offers lead alerts to a loan officer, not to an editor (who sees no leads)', async () => {
  await addAccount(server.databasePath, { id: 'lo-1', email: 'lo@example.com', role: 'loan_officer' });
  await addAccount(server.databasePath, { id: 'ed-1', email: 'ed@example.com', role: 'editor' });
  const officer = await fetchAdmin(server.url, await signInAs(server.url, 'lo@example.com'), { path: '/admin/account' });
  expect(officer.response.status).toBe(200);
  expect(officer.body).toContain('id="push-alerts-title"');
  const editor = await fetchAdmin(server.url, await signInAs(server.url, 'ed@example.com'), { path: '/admin/account' });
  expect(editor.response.status).toBe(200);
  expect(editor.body).toContain('id="two-factor-title"');
  expect(editor.body).not.toContain('push-alerts-title');
});

test('a browser that offers anything but a push service (a private address) is refused, and told why', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: server.url });
  const device = service.device('metadata');
  await useStandInPushService(page, {
    ...device,
    subscription: { ...device.subscription, endpoint: 'https://169.254.169.254/latest/meta-data/' },
  });
  await signInToDashboard(page, server.url);
  await openSection(page, 'Security');
  const section = page.getByRole('region', { name: 'Lead alerts' });
  await section.getByRole('button', { name: 'Turn on alerts on this device' }).click();
  await expect(toast(page).filter({ hasText: 'Alerts Not On' })).toContainText(
    "Alerts go only through a browser's own push service (Chrome, Firefox, Safari, Edge); this browser offered 169.254.169.254",
  );
  await expect(section.getByTestId('push-state')).toHaveText('Alerts are off for this device.');
  expect(withDb(server.databasePath, (db) => db.prepare('SELECT count(*) AS n FROM push_subscriptions').get())).toEqual({ n: 0 });
});

test('a push service that redirects to the metadata address is not followed', async () => {
  const metadata: string[] = [];
  const internal = await listen((req, res) => {
    metadata.push(req.url ?? '');
    res.end('{"AccessKeyId":"secret"}');
  });
  try {
    const device = service.device('redirecting');
    withDb(server.databasePath, (db) =>
      db
        .prepare(
          'INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, user_agent, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          'redirecting',
          'admin',
          device.subscription.endpoint,
          device.subscription.p256dh,
          device.subscription.auth,
          'Phone',
          new Date().toISOString(),
        ),
    );
    service.answer(307, { Location: `${internal.url}/latest/meta-data/` });
    const before = service.received.length;
    const lead = await fetch(`${server.url}/api/leads/contact`, {
      method: 'POST',
      headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'from_name=Red+Irect&from_email=red%40example.com&message=Hello&fill_ms=9000',
    });
    expect(lead.status).toBe(200);
    const delivery = () =>
      withDb(server.databasePath, (db) =>
        db
          .prepare(
            "SELECT status, last_error FROM notifications WHERE channel = 'push' AND subject_id IN (SELECT id FROM leads WHERE email = 'red@example.com')",
          )
          .all(),
      );
    await expect
      .poll(delivery)
      .toEqual([{ status: 'failed', last_error: 'Push: the push service answered 307, a redirect, which is never followed' }]);
    expect(service.received.length).toBe(before + 1);
    expect(metadata).toEqual([]);
  } finally {
    service.answer(201);
    await internal.close();
  }
});
