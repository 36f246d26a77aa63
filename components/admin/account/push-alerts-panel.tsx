'use client';

import { useEffect, useState, useSyncExternalStore, useTransition } from 'react';
import { showToast } from '@/components/ui/toast-store';
import type { ActionResult } from '@/lib/admin/result';
import { removePushDeviceAction, turnOffPushAction, turnOnPushAction } from '@/lib/push/actions/subscriptions';
import { ADMIN_SCOPE, SERVICE_WORKER_PATH } from '@/lib/push/admin-app';
import { browserName } from '@/lib/http/browser-name';

export interface DeviceRow {
  id: string;
  endpoint: string;
  userAgent: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What this browser can do: unknown until checked after hydration (the server cannot tell). */
type Support = 'checking' | 'unsupported' | 'blocked' | 'ready';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const button = 'rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100 disabled:opacity-70';

function toast(result: ActionResult<unknown>) {
  if (result.ok) showToast({ title: result.title, description: result.message, variant: 'success' });
  else showToast({ title: result.title, description: result.error, variant: 'error' });
}

/** What this browser allows now (read at each render: a permission prompt's answer shows at once). */
function browserSupport(): Support {
  if (!('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'blocked' : 'ready';
}
const noSubscription = () => () => {};

/** This browser's current push subscription, if the admin's worker has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(ADMIN_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * The registration once its worker is active (subscribing needs one). Not `serviceWorker.ready`:
 * that waits for a worker of the page's first URL, and an admin reached from /login without a
 * reload still counts as /login, outside the worker's scope.
 */
function whenActive(registration: ServiceWorkerRegistration): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const worker = registration.installing ?? registration.waiting;
    if (registration.active && !worker) return resolve(registration);
    if (!worker) return reject(new Error('the alerts worker did not install'));
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(registration);
      if (worker.state === 'redundant') reject(new Error('the alerts worker did not start'));
    });
  });
}

/** Registers the admin's worker (scope /admin only) and subscribes with the site's VAPID key. */
async function subscribe(publicKey: string): Promise<PushSubscription> {
  const registration = await whenActive(await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: ADMIN_SCOPE }));
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const existing = await registration.pushManager.getSubscription();
  // A subscription made with another key (the keys were replaced) cannot be sent to: start afresh.
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** 'Turn on alerts on this device' / 'Turn off', and the account's devices with 'Remove'. */
export function PushAlertsPanel({ publicKey, devices }: { publicKey: string; devices: DeviceRow[] }) {
  const [pending, startTransition] = useTransition();
  const support = useSyncExternalStore<Support>(noSubscription, browserSupport, () => 'checking');
  const [endpoint, setEndpoint] = useState<string | null>(null);

  useEffect(() => {
    if (browserSupport() === 'unsupported') return;
    currentSubscription().then(
      (sub) => setEndpoint(sub?.endpoint ?? null),
      () => setEndpoint(null),
    );
  }, []);

  const thisDevice = devices.find((d) => d.endpoint === endpoint);

  const turnOn = () =>
    startTransition(async () => {
      if ((await Notification.requestPermission()) !== 'granted') {
        return showToast({
          title: 'Alerts Not On',
          description: 'Allow notifications for this site to get alerts.',
          variant: 'error',
        });
      }
      let sub: PushSubscription;
      try {
        sub = await subscribe(publicKey);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return showToast({
          title: 'Alerts Not On',
          description: `This browser could not subscribe: ${reason}`,
          variant: 'error',
        });
      }
      const json = sub.toJSON();
      const result = await turnOnPushAction({
        endpoint: sub.endpoint,
        p256dh: json.keys?.p256dh ?? '',
        auth: json.keys?.auth ?? '',
        userAgent: navigator.userAgent,
      });
      toast(result);
      if (result.ok) setEndpoint(sub.endpoint);
      else await sub.unsubscribe();
    });

  const turnOff = () =>
    startTransition(async () => {
      const sub = await currentSubscription();
      if (sub) await sub.unsubscribe();
      toast(await turnOffPushAction({ endpoint: sub?.endpoint ?? endpoint ?? '' }));
      setEndpoint(null);
    });

  const remove = (device: DeviceRow) => {
    if (device.endpoint === endpoint) return turnOff();
    if (!window.confirm(`Stop lead alerts on ${browserName(device.userAgent)}?`)) return;
    startTransition(async () => toast(await removePushDeviceAction({ id: device.id })));
  };

  return (
    <div className="space-y-4">
      <div aria-live="polite" className="space-y-3">
        {support === 'unsupported' && (
          <p className="text-slate-700">
            This browser cannot show alerts. On an iPhone or iPad, add the admin to your Home Screen first (Share, then Add to
            Home Screen) and open it from there.
          </p>
        )}
        {support === 'blocked' && (
          <p className="text-slate-700">
            Notifications are blocked for this site. Allow them in the browser&apos;s site settings, then turn alerts on.
          </p>
        )}
        {support !== 'checking' && support !== 'unsupported' && (
          <p className="text-slate-700" data-testid="push-state">
            {thisDevice ? 'Alerts are on for this device.' : 'Alerts are off for this device.'}
          </p>
        )}
      </div>
      {(support === 'ready' || support === 'blocked') && (
        <button
          type="button"
          onClick={thisDevice ? turnOff : turnOn}
          disabled={pending || support === 'blocked'}
          className={button}
        >
          {thisDevice ? 'Turn off alerts on this device' : 'Turn on alerts on this device'}
        </button>
      )}
      <h3 className="text-brand-900 text-lg font-semibold">Your devices with alerts</h3>
      {devices.length === 0 ? (
        <p className="text-slate-700">No device has alerts turned on.</p>
      ) : (
        <ul aria-label="Your devices with alerts" className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {devices.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span>
                <strong>{browserName(d.userAgent)}</strong>
                {d.endpoint === endpoint ? ' (this device)' : ''}{' '}
                <span className="text-sm text-slate-600">
                  on since {day(d.createdAt)}
                  {d.lastUsedAt ? `, last alert ${day(d.lastUsedAt)}` : ''}
                </span>
              </span>
              <button
                type="button"
                onClick={() => remove(d)}
                disabled={pending}
                className={button}
                aria-label={`Remove ${browserName(d.userAgent)} from alerts`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
