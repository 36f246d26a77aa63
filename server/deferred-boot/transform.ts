import { OWNER_MARKER_COOKIE } from '../../lib/auth/owner-marker';
import type { BootConfig } from '../../lib/site/boot/config';
import { BOOT_AT_LOAD_META, BROWSER_DRAFT_KEY, HYDRATED_EVENT } from '../../lib/site/deferred-boot-markers';
import { DIALOG_OPENER_PROPERTY, EARLY } from '../../lib/site/early-controls';
import type { BootScript } from './boot-script';

/**
 * Public pages are complete HTML: they read, link and submit their forms without JavaScript.
 * Next's client runtime (React, the router, hydration: about 130 KB gzip and, on a mid-range
 * phone, a few hundred milliseconds of main-thread work) is only needed once a visitor does
 * something. So the server takes Next's script tags out of a public page's <head> and puts in
 * their place a small inline script that loads the very same scripts at the first sign of a
 * person: a touch, a pointer move, a key, a scroll, focus. A button pressed before React is ready
 * is pressed again once it is, and the taps that open a dialog, raise a toast or open the menu are
 * answered at once, before React (the boot script: lib/site/boot/, bundled at build time, read by
 * ./boot-script.ts). See ADRs 009, 015 and 035.
 */

/** Gives up waiting for the scripts after this long; a held link then simply navigates. */
const GIVE_UP_MS = 10_000;
/** Query parameters a page reads in the browser right away (the checkout error on /rates). */
const BOOT_PARAMS = ['payment_error'];
/**
 * Part of the ETag of a rewritten page, so a change of the boot script (or of anything else the
 * server does to a cached page, such as its Content Security Policy) changes the ETag.
 */
export const BOOT_VERSION = 'b8';

/** `<script ... src="/_next/static/..."></script>`, as React writes Next's bootstrap scripts. */
const NEXT_SCRIPT = /<script\b([^>]*\bsrc="\/_next\/static\/[^"]+"[^>]*)><\/script>/g;
/** `<link rel="preload" as="script" href="/_next/static/...">`: would download the scripts at once. */
const NEXT_SCRIPT_PRELOAD = /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="script")(?=[^>]*\bhref="\/_next\/static\/)[^>]*\/?>/g;
const ATTRIBUTE = /([^\s=]+)(?:="([^"]*)")?/g;

function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of source.matchAll(ATTRIBUTE)) attributes[name!.toLowerCase()] = value ?? '';
  return attributes;
}

/** Undoes the HTML escaping React applies to attribute values (paths never need more than this). */
const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The React Server Components payload Next inlines for hydration, one `self.__next_f.push([...])`
 * script per chunk (about 70 KB on the home page). Parsing and compiling it as script at load is
 * work for nothing until the page boots, so it travels as JSON data (not run, not compiled) that
 * the boot script pushes to `self.__next_f` just before it adds Next's scripts.
 */
const FLIGHT_SCRIPT = /<script(?: nonce="[^"]*")?>self\.__next_f\.push\(([\s\S]*?)\)<\/script>/g;
export const FLIGHT_DATA_ATTRIBUTE = 'data-clp-flight';

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The payload as JSON data scripts; the page as it was should any chunk not be plain JSON. */
function flightAsData(html: string): string {
  const chunks = [...html.matchAll(FLIGHT_SCRIPT)];
  if (chunks.length === 0 || !chunks.every(([, argument]) => isJson(argument!))) return html;
  return html.replace(
    FLIGHT_SCRIPT,
    (_tag, argument: string) => `<script type="application/json" ${FLIGHT_DATA_ATTRIBUTE}>${argument}</script>`,
  );
}

/** What the boot script of a page is told: Next's scripts of that page, and what every page shares. */
export const bootConfig = (scripts: Record<string, string>[]): BootConfig => ({
  scripts,
  hydratedEvent: HYDRATED_EVENT,
  ownerCookie: OWNER_MARKER_COOKIE,
  bootParams: BOOT_PARAMS,
  bootIfStored: [BROWSER_DRAFT_KEY],
  giveUpMs: GIVE_UP_MS,
  flightSelector: `script[${FLIGHT_DATA_ATTRIBUTE}]`,
  early: EARLY,
  dialogOpener: DIALOG_OPENER_PROPERTY,
});

/** Where the boot script goes: before the head's first stylesheet or script, so no stylesheet
 * download holds it up (the parser waits for pending stylesheets before any inline script). */
const FIRST_RESOURCE = /<(?:link|script|style)\b/;

/** The meta tag of a page that keeps Next's scripts at load (components/site/boot-at-load.tsx). */
const AT_LOAD = `<meta name="${BOOT_AT_LOAD_META.name}" content="${BOOT_AT_LOAD_META.content}"/>`;

/**
 * Rewrites one public page: every script tag of Next's (in the <head> and, for the main one, at the
 * end of the <body>) and its script preloads go; `boot`, the boot script, which loads the same
 * scripts later, goes at the top of the <head>. Returns null when the page has no such script or
 * asks to keep them.
 */
export function deferNextBoot(html: string, boot: BootScript): string | null {
  if (!html.includes('</head>') || html.includes(AT_LOAD)) return null;
  const scripts: Record<string, string>[] = [];
  const stripped = html
    .replace(NEXT_SCRIPT, (tag, source: string) => {
      const attributes = attributesOf(source);
      // A nomodule script is for browsers without modules: none of those run React 19 anyway.
      if ('nomodule' in attributes) return '';
      delete attributes.async;
      delete attributes.defer;
      // Next writes the request's nonce into a page it caches (server/pipeline/public-csp.ts): no one else's.
      delete attributes.nonce;
      scripts.push(Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, unescapeAttribute(value)])));
      return '';
    })
    .replace(NEXT_SCRIPT_PRELOAD, '');
  if (scripts.length === 0) return null;
  const page = flightAsData(stripped);
  const inline = `<script>${boot.withConfig(bootConfig(scripts))}</script>`;
  const headEnd = page.indexOf('</head>');
  const first = FIRST_RESOURCE.exec(page.slice(0, headEnd));
  const at = first ? first.index : headEnd;
  return page.slice(0, at) + inline + page.slice(at);
}
