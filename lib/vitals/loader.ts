import { OWNER_MARKER_COOKIE } from '../auth/owner-marker';

// ES5 on purpose: it runs in whatever browser opens the page.
const LOADER =
  '(function(c){' +
  'if(!navigator.sendBeacon||new RegExp("(^|; )"+c.owner+"=").test(document.cookie))return;' +
  'function add(){var s=document.createElement("script");s.src=c.src;s.async=true;document.head.appendChild(s)}' +
  'function idle(){window.requestIdleCallback?requestIdleCallback(add,{timeout:c.wait}):setTimeout(add)}' +
  'if(document.readyState==="complete")idle();else addEventListener("load",idle)' +
  '})';

/**
 * The longest the loader waits for an idle moment after `load`, in ms. Chromium may give a page no
 * idle period at all (its headless shell starved one for minutes in issue 29's test runs), and a
 * page view that never loads the collector is never measured.
 */
export const COLLECTOR_IDLE_WAIT_MS = 3000;

/**
 * The few lines every public page carries inline (components/site/vitals-loader.tsx): once the
 * page has fired `load` and the browser is idle (or 3 s have passed), they add the collector script
 * (lib/vitals/client/collector.ts). So nothing is downloaded or run before the page has loaded,
 * and Lighthouse's load and blocking-time figures see none of it. They do nothing in a browser
 * without sendBeacon, or for the owner (the marker cookie, ADR 006): the owner's pages boot at
 * once for inline editing, which is not what visitors get.
 */
export function collectorLoader(src: string): string {
  const config = JSON.stringify({ src, owner: OWNER_MARKER_COOKIE, wait: COLLECTOR_IDLE_WAIT_MS }).replace(/</g, '\\u003c');
  return `${LOADER}(${config})`;
}

/**
 * True when `text` is the loader with some config (an object): the public pages' Content Security
 * Policy allows it by its hash (server/pipeline/public-csp.ts).
 */
export function isCollectorLoader(text: string): boolean {
  if (!text.startsWith(`${LOADER}(`) || !text.endsWith(')')) return false;
  try {
    const config: unknown = JSON.parse(text.slice(LOADER.length + 1, -1));
    return typeof config === 'object' && config !== null && !Array.isArray(config);
  } catch {
    return false;
  }
}
