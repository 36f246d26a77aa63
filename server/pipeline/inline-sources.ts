import { createHash } from 'node:crypto';
import { isLiveScriptLoader } from '../../lib/calculators/live/loader';
import { isCollectorLoader } from '../../lib/vitals/loader';
import type { BootScript } from '../deferred-boot/boot-script';

/**
 * The inline scripts a public page may run, found in the HTML the server is about to send
 * (./public-csp.ts). Only scripts of the shapes this site's own code writes are allowed, by the
 * hash of their text:
 *
 * - the server's boot script (../deferred-boot/boot-script.ts), the field-data loader
 *   (lib/vitals/loader.ts) and a calculator's live-script loader (lib/calculators/live/loader.ts),
 *   each its fixed code called with a JSON config;
 * - what Next and React write: the start of the React Server Components payload, each chunk of it
 *   (`self.__next_f.push(<JSON>)`), the list of Turbopack chunks (`...push(<JSON>)`), and React's
 *   paint-timing line.
 *
 * Any other inline script is refused, whatever put it there: had stored content slipped a script
 * past the sanitizer, hashing everything in the page would allow it too. On a page rendered for
 * this request, Next's and React's scripts carry the request's nonce instead (React's streaming
 * instructions change with every page, so they cannot be recognised by shape).
 */

export interface InlineFound {
  /** base64 SHA-256 of each allowed inline script's text, without repeats. */
  scripts: string[];
  /** Likewise for <style> elements. */
  styles: string[];
  /** Inline scripts and style elements refused, for the log: the hash and the first characters. */
  refused: { kind: 'script' | 'style'; hash: string; start: string }[];
  /** True when an allowed element carries the nonce (the policy must then name it). */
  usesNonce: boolean;
}

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64');

const NEXT_PAYLOAD_START = '(self.__next_f=self.__next_f||[]).push([0])';
const REACT_PAINT_TIMING = 'requestAnimationFrame(function(){$RT=performance.now()});';
const NEXT_PAYLOAD_CHUNK = /^self\.__next_f\.push\(([\s\S]*)\)$/;
const TURBOPACK_CHUNKS = /^\(globalThis\["TURBOPACK"\] \|\| \(globalThis\["TURBOPACK"\] = \[\]\)\)\.push\(([\s\S]*)\);?$/;

function isJsonStructure(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

/**
 * True for an inline script this site's code (ours, Next's, React's) writes into public pages;
 * `boot` is the server's boot script, null when it puts none into pages.
 */
export function isKnownInlineScript(text: string, boot: BootScript | null): boolean {
  if (text === NEXT_PAYLOAD_START || text === REACT_PAINT_TIMING) return true;
  const argument = NEXT_PAYLOAD_CHUNK.exec(text)?.[1] ?? TURBOPACK_CHUNKS.exec(text)?.[1];
  if (argument !== undefined) return isJsonStructure(argument);
  return (boot !== null && boot.isWithSomeConfig(text)) || isCollectorLoader(text) || isLiveScriptLoader(text);
}

const ELEMENT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Script types a browser runs; anything else (JSON data, JSON-LD) is data, and CSP leaves it alone. */
const SCRIPT_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
]);

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, double, single, bare] of source.matchAll(ATTRIBUTE))
    if (!attributes.has(name!.toLowerCase())) attributes.set(name!.toLowerCase(), double ?? single ?? bare ?? '');
  return attributes;
}

/**
 * The inline scripts and style elements of `html` that its policy must allow, and those it must
 * not. `boot` is the server's boot script (null when it puts none into pages); `nonce` is this
 * request's, for a page rendered for it; `styles` are style sheets this site adds at run time (edit
 * mode's), allowed by their hash on every page.
 */
export function inlineSources(
  html: string,
  options: { boot: BootScript | null; nonce?: string; styles?: readonly string[] },
): InlineFound {
  const scripts = new Set<string>();
  const styles = new Set<string>((options.styles ?? []).map(sha256));
  const refused: InlineFound['refused'] = [];
  let usesNonce = false;
  for (const [, tag, source, text] of html.matchAll(ELEMENT)) {
    const kind = tag!.toLowerCase() as 'script' | 'style';
    const attributes = attributesOf(source!);
    if (kind === 'script' && (attributes.has('src') || !SCRIPT_TYPES.has((attributes.get('type') ?? '').trim().toLowerCase())))
      continue;
    if (options.nonce && attributes.get('nonce') === options.nonce) {
      usesNonce = true;
      continue;
    }
    const hash = sha256(text!);
    if (kind === 'script' && isKnownInlineScript(text!, options.boot)) scripts.add(hash);
    else refused.push({ kind, hash, start: text!.slice(0, 80) });
  }
  return { scripts: [...scripts], styles: [...styles], refused, usesNonce };
}

const NONCE_ATTRIBUTE = /(<(?:script|style|link)\b[^>]*?)\snonce="[^"]*"/gi;

/**
 * A page Next served from its page cache carries the nonce of the request that first rendered it
 * (Next writes the request's nonce into the page it caches): meaningless to every later visitor,
 * and never in any policy. It is taken out.
 */
export const withoutNonces = (html: string): string => html.replace(NONCE_ATTRIBUTE, '$1');
