import type { BootConfig } from '../../lib/site/boot/config';

/**
 * The browser half of the deferred boot (see ./transform.ts). Never called on the server: its
 * source (Function.prototype.toString) is minified and inlined into the <head> of every public page
 * in place of Next's script tags, called with the page's config. So it must stay self-contained
 * (nothing from outside its body) and ES2017 at most: it runs before any bundle.
 *
 * Until React has hydrated, it also answers a visitor's taps itself (ADR 015): it opens and closes
 * the lead dialogs, raises toasts, opens the mobile menu, and shows a submit's first response. It
 * changes only what React reads back from the DOM when it takes over (a dialog's open state, a
 * panel's hidden state, attributes React does not render), never a text React rendered.
 */
export function bootClient(config: BootConfig): void {
  const w = window;
  const d = document;
  const E = config.early;
  let booted = false;
  let hydrated = false;
  /** The control a visitor activated before React was ready for it; clicked again once it is. */
  let pending: HTMLElement | null = null;
  let pendingSince = 0;
  let toastTimer = 0;
  // Not touchstart or pointerdown: booting then could start compiling scripts (already in the
  // cache) before the tap's click has been answered and painted.
  const TRIGGERS = ['pointerup', 'touchend', 'pointermove', 'keydown', 'focusin', 'wheel', 'scroll'];
  const listen = { capture: true, passive: true };
  const QUIET_MS = 500;
  const TYPING_PAUSE_MS = 1000;

  /** A page whose form asks for React at once (a calculator): no pause to wait for. */
  let eager = false;
  const eagerForm = function (target: EventTarget | null) {
    return target instanceof Element ? target.closest('[' + E.eagerBoot + ']') : null;
  };
  d.addEventListener(
    'focusin',
    function (event) {
      if (!eagerForm(event.target)) return;
      eager = true;
      boot();
    },
    true,
  );
  // Typed before React: the answer shown is now out of date, and says so at once (CSS).
  d.addEventListener(
    'input',
    function (event) {
      const form = eagerForm(event.target);
      const answer = form && !hydrated ? d.getElementById(form.getAttribute(E.eagerBoot) || '') : null;
      if (answer) answer.setAttribute(E.stale, '');
    },
    true,
  );

  function boot(event?: Event) {
    // A finger resting on the screen sends pointermove too; only a mouse moving means a desktop.
    if (booted || (event && event.type === 'pointermove' && (event as PointerEvent).pointerType !== 'mouse')) return;
    booted = true;
    eager = d.querySelector('[' + E.eagerBoot + ']') !== null;
    TRIGGERS.forEach(function (type) {
      w.removeEventListener(type, boot, listen);
    });
    // The payload's data scripts must all be in the document before they are handed over, and
    // whatever the tap changed is painted before any script runs.
    if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', afterPaint);
    else afterPaint();
  }

  function afterPaint() {
    let started = false;
    const once = function () {
      if (started) return;
      started = true;
      whenQuiet(start);
    };
    requestAnimationFrame(function () {
      setTimeout(once, 0);
    });
    // A hidden page gets no animation frames.
    setTimeout(once, 250);
  }

  /** When the visitor last did anything, and last focused or typed into a text field. */
  let lastInput = 0;
  let lastTyping = 0;
  function isTextField(target: EventTarget | null) {
    if (target instanceof HTMLTextAreaElement) return true;
    return target instanceof HTMLInputElement && !/^(button|submit|reset|checkbox|radio|file|image|hidden)$/.test(target.type);
  }
  ['pointerdown', 'pointerup', 'pointermove', 'touchstart', 'touchend', 'keydown', 'input', 'focusin', 'wheel', 'scroll'].forEach(
    function (type) {
      w.addEventListener(
        type,
        function (event) {
          lastInput = Date.now();
          if (type !== 'pointermove' && isTextField(event.target)) lastTyping = lastInput;
        },
        listen,
      );
    },
  );

  // Running the scripts is a long task (on a phone several hundred milliseconds): a tap or a key
  // meanwhile would wait for it. Taps are answered without them and fields echo without them, so
  // the scripts run in a pause: half a second without input, a second without typing in a field.
  // A control pressed before then that needs React (a submit) does not wait, nor a form whose
  // every keystroke React answers (a calculator: its result would otherwise lag a second behind).
  function whenQuiet(run: () => void) {
    const now = Date.now();
    const typing = isTextField(d.activeElement) ? lastTyping + TYPING_PAUSE_MS : 0;
    const wait = Math.max(lastInput + QUIET_MS, typing) - now;
    if (pending === null && !eager && wait > 0)
      // Checked again soon: a submit pressed meanwhile must not wait out the pause.
      setTimeout(
        function () {
          whenQuiet(run);
        },
        Math.min(wait, 100),
      );
    else run();
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

  // Once the page has loaded and the network is quiet, fetch the scripts into the cache without
  // running them, so a later first interaction only has to run them.
  function prefetch() {
    if (booted) return;
    config.scripts.forEach(function (attributes) {
      if (!attributes.src) return;
      const link = d.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      link.href = attributes.src;
      d.head.appendChild(link);
    });
  }
  w.addEventListener('load', function () {
    const idle = (w as { requestIdleCallback?: (callback: () => void) => void }).requestIdleCallback;
    if (idle) idle(prefetch);
    else setTimeout(prefetch, 1000);
  });

  // React keeps an element's props on it once it has hydrated it. The page reports hydration as a
  // whole, but a lazily loaded part (the forms of /rates and /ebook) hydrates when its code has
  // arrived, so a held control is clicked again only once React has taken it over too. (This
  // assumes what holds today: every button of a public page is rendered by React.)
  function ownedByReact(element: Element) {
    return Object.keys(element).some(function (key) {
      return key.indexOf('__reactProps$') === 0;
    });
  }

  function visible(element: HTMLElement) {
    return element.isConnected && element.offsetParent !== null;
  }

  function setExpanded(toggle: Element, open: boolean) {
    const panel = d.getElementById(toggle.getAttribute('aria-controls') || '');
    toggle.setAttribute('aria-expanded', String(open));
    if (panel) panel.hidden = !open;
  }

  function openDialog(control: HTMLElement) {
    const dialog = d.getElementById(control.getAttribute(E.dialog) || '');
    if (!(dialog instanceof HTMLDialogElement)) return false;
    if (dialog.open) return true;
    // Opened from inside the mobile menu: the menu closes, focus will return to its toggle.
    let opener: HTMLElement = control;
    const panel = control.closest('[id]');
    const toggle = panel ? d.querySelector<HTMLElement>('[' + E.disclosure + '][aria-controls="' + panel.id + '"]') : null;
    if (toggle && toggle.getAttribute('aria-expanded') === 'true') {
      setExpanded(toggle, false);
      opener = toggle;
    }
    (dialog as unknown as Record<string, unknown>)[config.dialogOpener] = opener;
    dialog.showModal();
    return true;
  }

  function hideToast() {
    const host = d.getElementById(E.toastHost);
    if (host) host.textContent = '';
  }

  function showToast(spec: { title: string; description?: string; action?: { label: string; href: string } }, error: boolean) {
    const host = d.getElementById(E.toastHost);
    if (!host) return;
    const toast = d.createElement('div');
    toast.className = 'early-toast' + (error ? ' early-toast-error' : '');
    const title = d.createElement('div');
    title.className = 'early-toast-title';
    title.textContent = spec.title;
    toast.appendChild(title);
    if (spec.description) {
      const description = d.createElement('div');
      description.className = 'early-toast-description';
      description.textContent = spec.description;
      toast.appendChild(description);
    }
    if (spec.action) {
      const action = d.createElement('a');
      action.className = 'early-toast-action';
      action.href = spec.action.href;
      action.textContent = spec.action.label;
      toast.appendChild(action);
    }
    const close = d.createElement('button');
    close.type = 'button';
    close.className = 'early-toast-close';
    close.setAttribute('aria-label', 'Close');
    close.textContent = '\u00d7';
    close.addEventListener('click', hideToast);
    toast.appendChild(close);
    hideToast();
    host.appendChild(toast);
    clearTimeout(toastTimer);
    toastTimer = w.setTimeout(hideToast, 5000);
  }

  /** The required fields left empty in the part of the form on screen. */
  function incomplete(form: HTMLFormElement) {
    return Array.prototype.some.call(form.querySelectorAll('[aria-required="true"]'), function (field: HTMLInputElement) {
      return !field.closest('[hidden]') && !String(field.value || '').trim();
    });
  }

  /**
   * Answers a tap before React can. Returns true when that is the whole answer, false when the
   * control must also be clicked again once React is ready (a submit: React checks and sends).
   */
  function answerEarly(control: HTMLElement) {
    const toast = control.getAttribute(E.toast);
    if (control.hasAttribute(E.dialog)) {
      // No such dialog on this page: React's click (or, failing that, the form) takes the visitor to its page.
      if (!openDialog(control)) return false;
    } else if (control.hasAttribute(E.close)) {
      const dialog = control.closest('dialog');
      if (dialog) dialog.close();
    } else if (toast) showToast(JSON.parse(toast), false);
    else if (control.hasAttribute(E.disclosure)) setExpanded(control, control.getAttribute('aria-expanded') !== 'true');
    else {
      if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form) {
        const message = control.getAttribute(E.incomplete);
        if (message && incomplete(control.form)) showToast(JSON.parse(message), true);
        else control.setAttribute(E.pending, '');
        control.form.setAttribute(E.pressedAt, String(Math.round(performance.now())));
      }
      return false;
    }
    return true;
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
      control.removeAttribute(E.pending);
      control.click();
    } else if (Date.now() - pendingSince > config.giveUpMs) {
      pending = null;
      control.removeAttribute(E.pending);
      withoutReact(control);
    } else setTimeout(replayWhenReady, 50);
  }

  w.addEventListener(config.hydratedEvent, function () {
    hydrated = true;
    // In a task of its own: the event comes from React's effects, and React does not dispatch
    // events to its handlers in the middle of its own work.
    setTimeout(replayWhenReady, 0);
  });

  // A tap on a button (or a link that opens a dialog) before React is ready for it: answer what
  // can be answered now, boot, and click again once React is ready if React has more to do.
  // Plain links keep their built-in behaviour.
  d.addEventListener(
    'click',
    function (event) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target;
      if (!(target instanceof Element)) return;
      // A click on a modal dialog's backdrop (outside its box) closes it, as React's does.
      if (target instanceof HTMLDialogElement && !hydrated) {
        const box = target.getBoundingClientRect();
        const inside =
          event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        if (!inside) target.close();
        return;
      }
      const control = target.closest<HTMLElement>('button, a[aria-haspopup]');
      if (!control || (hydrated && ownedByReact(control))) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      boot();
      if (answerEarly(control)) return;
      const waiting = pending !== null;
      pending = control;
      pendingSince = Date.now();
      if (!waiting) setTimeout(replayWhenReady, 50);
    },
    true,
  );

  // When the visitor began filling in a form: the lead's fill time counts from there (a form filled
  // in before React has booted would otherwise seem filled in at once, like a bot's).
  d.addEventListener(
    'focusin',
    function (event) {
      const form = event.target instanceof Element ? event.target.closest('form') : null;
      if (form && !form.hasAttribute(E.firstFocus)) form.setAttribute(E.firstFocus, String(Math.round(performance.now())));
    },
    true,
  );

  // Escape closes an open menu as React's does (a modal dialog closes itself).
  d.addEventListener(
    'keydown',
    function (event) {
      if (hydrated || event.key !== 'Escape') return;
      d.querySelectorAll<HTMLElement>('[' + E.disclosure + '][aria-expanded="true"]').forEach(function (toggle) {
        setExpanded(toggle, false);
        toggle.focus();
      });
    },
    true,
  );

  // Focus goes back where the dialog was opened from (the menu's toggle when opened from the
  // menu), as React's dialog does once it has taken over.
  d.addEventListener(
    'close',
    function (event) {
      const opener = (event.target as unknown as Record<string, HTMLElement | undefined>)[config.dialogOpener];
      if (!hydrated && opener && visible(opener)) opener.focus();
    },
    true,
  );

  const cookies = '; ' + d.cookie;
  const wantsNow =
    cookies.indexOf('; ' + config.ownerCookie + '=1') >= 0 ||
    config.bootParams.some(function (name) {
      return new URLSearchParams(w.location.search).has(name);
    }) ||
    config.bootIfStored.some(function (key) {
      try {
        return w.sessionStorage.getItem(key) !== null;
      } catch {
        return false;
      }
    });
  if (wantsNow) boot();
  else
    TRIGGERS.forEach(function (type) {
      w.addEventListener(type, boot, listen);
    });
}
