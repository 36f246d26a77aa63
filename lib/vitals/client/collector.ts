import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { CONNECTION_TYPES, type ConnectionType, type DeviceClass } from '../metrics';
import { COLLECTOR_MARK, VITALS_ENDPOINT } from '../paths';
import type { VitalsReport } from '../report';
import { ViewMetrics } from './view-metrics';

/**
 * The field-data collector: a browser script, bundled with web-vitals by server/build.mjs and
 * loaded by the page's inline loader after the `load` event, at idle (lib/vitals/loader.ts).
 * web-vitals reads the entries buffered before it arrived. The metrics gathered so far go to the
 * server in one beacon when the page is hidden; nothing is stored in the browser, no cookie is
 * read or set, and the id is random per page view.
 */

interface NavigatorHints {
  userAgentData?: { mobile?: boolean };
  connection?: { effectiveType?: string };
}
const hints = navigator as Navigator & NavigatorHints;

function newViewId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Chromium says whether it runs on a phone; elsewhere a coarse pointer (a finger) counts as mobile. */
function deviceClass(): DeviceClass {
  const mobile = hints.userAgentData?.mobile;
  if (typeof mobile === 'boolean') return mobile ? 'mobile' : 'desktop';
  return matchMedia('(pointer: coarse)').matches ? 'mobile' : 'desktop';
}

function connectionType(): ConnectionType {
  const type = hints.connection?.effectiveType;
  return (CONNECTION_TYPES as readonly string[]).includes(type ?? '') ? (type as ConnectionType) : 'unknown';
}

/** The page as loaded, even if the address changed since (the metrics are about that load). */
function loadedPath(): string {
  const [navigation] = performance.getEntriesByType('navigation');
  return new URL(navigation?.name || location.href).pathname;
}

const page = { path: loadedPath(), device: deviceClass(), connection: connectionType() };
let id = newViewId();
let view = new ViewMetrics();

// Every change, not only the final values: whichever of pagehide and visibilitychange comes first
// then sends everything, and the other finds nothing new (web-vitals would otherwise report CLS
// and INP only on visibilitychange, which follows pagehide when the visitor leaves the page).
const record = (metric: Metric) => view.set(metric.name, metric.value);
const options = { reportAllChanges: true };
// One metric per task, so no task comes near the 50 ms that count as blocking time on a slow phone
// (at 4x CPU slowdown all five took 11-32 ms in one task; one by one, at most 15 ms each but once).
const starts = [
  () => onTTFB(record, options),
  () => onFCP(record, options),
  () => onLCP(record, options),
  () => onCLS(record, options),
  () => onINP(record, options),
];
function startNext(): void {
  const start = starts.shift();
  if (!start) return void performance.mark(COLLECTOR_MARK);
  start();
  setTimeout(startNext);
}
startNext();

function send(): void {
  const metrics = view.unsent();
  if (!metrics) return;
  const report: VitalsReport = { id, ...page, metrics };
  // A string goes as text/plain: a simple request, no CORS preflight, no cookie needed.
  if (navigator.sendBeacon(VITALS_ENDPOINT, JSON.stringify(report))) view.markSent(metrics);
}

addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') send();
});
addEventListener('pagehide', send);
// Back from the back/forward cache: a new page view, whose metrics web-vitals reports afresh.
addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  id = newViewId();
  view = new ViewMetrics();
});
