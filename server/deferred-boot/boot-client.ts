/** What the server hands the boot script of one page (./transform.ts). */
export interface BootConfig {
  scripts: Record<string, string>[];
  hydratedEvent: string;
  ownerCookie: string;
  bootParams: string[];
  giveUpMs: number;
  flightSelector: string;
}

/**
 * The browser half of the deferred boot (see ./transform.ts). Never called on the server: its
 * source (Function.prototype.toString) is minified and inlined into the <head> of every public page
 * in place of Next's script tags, called with the page's config. So it must stay self-contained
 * (nothing from outside its body) and ES2017 at most: it runs before any bundle.
 */
export function bootClient(config: BootConfig): void {
  const w = window;
  const d = document;
  let booted = false;
  let hydrated = false;
  /** The control a visitor activated before React was ready for it; clicked again once it is. */
  let pending: HTMLElement | null = null;
  let pendingSince = 0;
  const TRIGGERS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];
  const listen = { capture: true, passive: true };

  function boot() {
    if (booted) return;
    booted = true;
    TRIGGERS.forEach(function (type) {
      w.removeEventListener(type, boot, listen);
    });
    // The payload's data scripts must all be in the document before they are handed over.
    if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', start);
    else start();
  }

  function start() {
    // Next reads the RSC payload from self.__next_f, in page order, as its inline scripts would
    // have pushed it (the transform sent it as JSON data instead).
    const next = self as unknown as { __next_f?: unknown[] };
    const flight = (next.__next_f = next.__next_f || []);
    d.querySelectorAll(config.flightSelector).forEach(function (data) {
      flight.push(JSON.parse(data.textContent || 'null'));
    });
    config.scripts.forEach(function (attributes) {
      const script = d.createElement('script');
      Object.keys(attributes).forEach(function (name) {
        script.setAttribute(name, attributes[name] || '');
      });
      script.async = true;
      d.head.appendChild(script);
    });
  }

  // React keeps an element's props on it once it has hydrated it. The page reports hydration as a
  // whole, but a lazily loaded part (the forms of /rates and /ebook) hydrates when its code has
  // arrived, so a held control is clicked again only once React has taken it over too. (This
  // assumes what holds today: every button of a public page is rendered by React.)
  function ownedByReact(element: Element) {
    return Object.keys(element).some(function (key) {
      return key.indexOf('__reactProps$') === 0;
    });
  }

  // Should the scripts never arrive, do what the page does without JavaScript: a link leads to
  // its page, a form is sent to the server.
  function withoutReact(control: HTMLElement) {
    if (control instanceof HTMLAnchorElement) w.location.assign(control.href);
    else if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form)
      control.form.requestSubmit(control);
  }

  function replayWhenReady() {
    const control = pending;
    if (!control) return;
    if (!control.isConnected) {
      pending = null;
      return;
    }
    if (hydrated && ownedByReact(control)) {
      pending = null;
      control.click();
    } else if (Date.now() - pendingSince > config.giveUpMs) {
      pending = null;
      withoutReact(control);
    } else setTimeout(replayWhenReady, 50);
  }

  w.addEventListener(config.hydratedEvent, function () {
    hydrated = true;
    // In a task of its own: the event comes from React's effects, and React does not dispatch
    // events to its handlers in the middle of its own work.
    setTimeout(replayWhenReady, 0);
  });

  // A button or a link that opens a dialog does nothing useful (or not what the visitor expects:
  // a form submits without its checks) before React is ready for it: hold the click, boot, and
  // click again once React is. Plain links keep their built-in behaviour.
  d.addEventListener(
    'click',
    function (event) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target;
      const control = target instanceof Element ? target.closest<HTMLElement>('button, a[aria-haspopup]') : null;
      if (!control || (hydrated && ownedByReact(control))) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const waiting = pending !== null;
      pending = control;
      pendingSince = Date.now();
      boot();
      if (!waiting) setTimeout(replayWhenReady, 50);
    },
    true,
  );

  const cookies = '; ' + d.cookie;
  const wantsNow =
    cookies.indexOf('; ' + config.ownerCookie + '=1') >= 0 ||
    config.bootParams.some(function (name) {
      return new URLSearchParams(w.location.search).has(name);
    });
  if (wantsNow) boot();
  else
    TRIGGERS.forEach(function (type) {
      w.addEventListener(type, boot, listen);
    });
}
