import { afterEach, beforeEach, vi } from 'vitest';
import type { BootConfig } from '../../lib/site/boot/config';
import { startBoot } from '../../lib/site/boot/start';
import { bootConfig } from '../../server/deferred-boot/transform';

/**
 * A page for the boot script's unit tests (lib/site/boot/, in a happy-dom environment): the body
 * given, the script started on it with the config the server writes into pages, and the clock
 * faked so pauses and hydration happen when a test says. Everything the script listened to, and
 * what it left in the document, the cookie and sessionStorage, goes after each test.
 */

/** Next's script tags as the server hands them over. */
export const NEXT_SCRIPTS: Record<string, string>[] = [
  { src: '/_next/static/chunks/one.js' },
  { src: '/_next/static/chunks/main.js', id: '_R_' },
];

type Listening = [EventTarget, string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined];

export function freshBootPageEachTest(): void {
  const listening: Listening[] = [];
  const spies: { mockRestore(): void }[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    for (const target of [window, document] as EventTarget[]) {
      const add = target.addEventListener.bind(target);
      spies.push(
        vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
          if (listener) listening.push([target, type, listener, options]);
          add(type, listener, options);
        }),
      );
    }
  });
  afterEach(() => {
    for (const [target, type, listener, options] of listening.splice(0)) target.removeEventListener(type, listener, options);
    for (const spy of spies.splice(0)) spy.mockRestore();
    vi.useRealTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    for (const cookie of document.cookie.split(';')) document.cookie = `${cookie.split('=')[0]!.trim()}=; max-age=0`;
    sessionStorage.clear();
    delete (self as { __next_f?: unknown }).__next_f;
  });
}

/** Puts `html` in the body and starts the boot script on the page, as the server's inline script does. */
export function startOn(html: string, config: Partial<BootConfig> = {}): BootConfig {
  document.body.innerHTML = html;
  const full = { ...bootConfig(NEXT_SCRIPTS), ...config };
  startBoot(full);
  return full;
}

/** The scripts the boot script has added to the page, by their src. */
export const addedScripts = () => [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));

/**
 * A pointer event as the browser sends it to the element under the pointer (window listeners see it
 * first), from a pointer that moved a pixel (`moved` false: one resting while the page moves under it).
 */
export function pointer(
  type: string,
  pointerType: 'mouse' | 'touch' = 'mouse',
  target: Element = document.body,
  moved = true,
): void {
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType, movementX: moved ? 1 : 0 }));
}

/** What the visitor types into `field`, as input events. */
export function type(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  field.focus();
  field.value += text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * React hydrates the page: it takes the given elements over (React keeps its props on an element
 * it has hydrated) and reports hydration as the page's HydrationSignal does.
 */
export function hydrate(config: BootConfig, ...owned: Element[]): void {
  ownByReact(...owned);
  window.dispatchEvent(new Event(config.hydratedEvent));
}

/** React takes over elements of a part it hydrates later (a lazily loaded form). */
export function ownByReact(...elements: Element[]): void {
  for (const element of elements) (element as unknown as Record<string, unknown>)['__reactProps$test'] = {};
}

export const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
