import { LIVE_SCRIPT_PREFIX } from './ids';

// ES5 on purpose: it runs in whatever browser opens the page.
const LOADER =
  '(function(s){' +
  'function add(){var e=document.createElement("script");e.src=s;document.head.appendChild(e)}' +
  'if(document.readyState==="complete")add();else addEventListener("load",function(){setTimeout(add)})' +
  '})';

/**
 * The line a calculator page carries inline (components/calculators/calculator-body.tsx): once
 * the page's `load` event is over (a task after it, so the page's load time does not include it), it
 * adds the calculator's live script (./start.ts). Right after `load` rather than at an
 * idle moment: the script is what answers the visitor's first digit, and it must be asked for
 * before the deferred boot prefetches Next's scripts at idle (lib/site/boot/start.ts), whose 100+
 * KB would hold it up on a slow line. Nothing is downloaded or run before the page has loaded, so
 * Lighthouse's load and blocking-time figures do not move.
 */
export function liveScriptLoader(src: string): string {
  return `${LOADER}(${JSON.stringify(src).replace(/</g, '\\u003c')})`;
}

/**
 * True when `text` is the loader of one of the live scripts: the public pages' Content Security
 * Policy allows it by its hash (server/pipeline/inline-sources.ts).
 */
export function isLiveScriptLoader(text: string): boolean {
  if (!text.startsWith(`${LOADER}(`) || !text.endsWith(')')) return false;
  try {
    const src: unknown = JSON.parse(text.slice(LOADER.length + 1, -1));
    return typeof src === 'string' && src.startsWith(LIVE_SCRIPT_PREFIX);
  } catch {
    return false;
  }
}
