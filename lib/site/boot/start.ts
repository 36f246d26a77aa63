import type { BootConfig } from './config';
import { closeOnBackdrop, openDialog } from './dialogs';
import { answerSubmitEarly } from './forms';
import { ownedByReact, withoutReact } from './held-controls';
import { setExpanded } from './menu';
import { prefetchScripts, runNextScripts } from './next-scripts';
import { WATCH, watchForPause } from './pause';
import { showToast } from './toasts';

// Not touchstart or pointerdown: booting then could start compiling scripts (already in the
// cache) before the tap's click has been answered and painted.
const TRIGGERS = ['pointerup', 'touchend', 'pointermove', 'keydown', 'focusin', 'wheel', 'scroll'];
const movedMouse = (event: PointerEvent) => event.pointerType === 'mouse' && (event.movementX !== 0 || event.movementY !== 0);

/**
 * The browser half of the deferred boot (ADRs 009 and 015): Next's scripts, taken out of a public
 * page by the server, run at the first sign of a person, and until React has hydrated the page the
 * script answers a visitor's taps itself. It changes only what React reads back from the DOM when
 * it takes over (a dialog's open state, a panel's hidden state, attributes React does not render),
 * never a text React rendered.
 *
 * What the page's listeners share (booted, hydrated, the control held for React) are variables of
 * this one function, and the DOM work is in the modules beside it: in a script every public page
 * carries, state passed from function to function costs bytes (ADR 035).
 */
export function startBoot(config: BootConfig): void {
  const E = config.early;
  /** Next's scripts have been asked for. */
  let booted = false;
  /** React has hydrated the page (config.hydratedEvent): it answers the controls it has taken over. */
  let hydrated = false;
  /** The control pressed before React was ready for it, to be pressed again once it is. */
  let held: HTMLElement | null = null;
  let heldSince = 0;
  const untilPause = watchForPause();

  /** Asks for Next's scripts, once: they run after the next paint, in a pause of the visitor's input. */
  function boot(event?: Event) {
    // A finger resting on the screen sends pointermove too, and so does a resting mouse when the
    // page moves under it (Chrome's, at load in the headless shell): only a mouse that moved is a person.
    if (booted || (event && event.type === 'pointermove' && !movedMouse(event as PointerEvent))) return;
    booted = true;
    TRIGGERS.forEach((type) => window.removeEventListener(type, boot, WATCH));
    // The payload's data scripts must all be in the document before they are handed over, and
    // whatever the tap changed is painted before any script runs.
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);
    else afterPaint();
  }

  function afterPaint() {
    let started = false;
    const once = () => {
      if (started) return;
      started = true;
      whenQuiet();
    };
    requestAnimationFrame(() => setTimeout(once, 0));
    // A hidden page gets no animation frames.
    setTimeout(once, 250);
  }

  // A control held for React (a submit) does not wait for the pause. A calculator's figures do
  // not need React at all (their live script answers each keystroke, ADR 039): its page waits for a
  // pause like any other, so hydrating never holds up a digit.
  function whenQuiet() {
    const wait = untilPause();
    // Checked again soon: a submit pressed meanwhile must not wait out the pause.
    if (held === null && wait > 0) setTimeout(whenQuiet, Math.min(wait, 100));
    else runNextScripts(config);
  }

  /**
   * Clicks the held control again once React has taken it over too (a lazily loaded part, such as
   * the forms of /rates and /ebook, hydrates after the page); after config.giveUpMs without React,
   * the page does without it.
   */
  function replayWhenReady() {
    const control = held;
    if (!control) return;
    if (!control.isConnected) {
      held = null;
      return;
    }
    if (hydrated && ownedByReact(control)) {
      held = null;
      control.removeAttribute(E.pending);
      control.click();
    } else if (Date.now() - heldSince > config.giveUpMs) {
      held = null;
      control.removeAttribute(E.pending);
      withoutReact(control);
    } else setTimeout(replayWhenReady, 50);
  }

  window.addEventListener(config.hydratedEvent, () => {
    hydrated = true;
    // In a task of its own: the event comes from React's effects, and React does not dispatch
    // events to its handlers in the middle of its own work.
    setTimeout(replayWhenReady, 0);
  });

  /** True when the tap's answer is complete; false when React must press the control again. */
  function answerEarly(control: HTMLElement) {
    const toast = control.getAttribute(E.toast);
    if (control.hasAttribute(E.dialog)) return openDialog(control, E, config.dialogOpener);
    if (control.hasAttribute(E.close)) {
      const dialog = control.closest('dialog');
      if (dialog) dialog.close();
    } else if (toast) showToast(E.toastHost, JSON.parse(toast), false);
    else if (control.hasAttribute(E.disclosure)) setExpanded(control, control.getAttribute('aria-expanded') !== 'true');
    else {
      // React checks the form and sends it.
      if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form)
        answerSubmitEarly(control, control.form, E);
      return false;
    }
    return true;
  }

  // A tap on a button (or on a link that opens a dialog) before React is ready for it (ADR 015):
  // what the control's data attributes describe is done at once, the page boots, and the control
  // is held, to be pressed again once React is ready, if React has more to do (a later press
  // replaces the one held). Plain links keep their built-in behaviour.
  document.addEventListener(
    'click',
    (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target;
      if (!(target instanceof Element)) return;
      if (target instanceof HTMLDialogElement && !hydrated) {
        closeOnBackdrop(target, event);
        return;
      }
      const control = target.closest<HTMLElement>('button, a[aria-haspopup]');
      // An early toast's close button is this script's own (./toasts.ts), which React never takes
      // over: it answers itself, before React and after.
      if (!control || control.closest('#' + E.toastHost) || (hydrated && ownedByReact(control))) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      boot();
      if (answerEarly(control)) return;
      const waiting = held !== null;
      held = control;
      heldSince = Date.now();
      if (!waiting) setTimeout(replayWhenReady, 50);
    },
    true,
  );

  // A keystroke in a form whose answer a live script computes (a calculator, EARLY.liveAnswer)
  // marks that answer stale at once (CSS says so). Marked here, in the capture phase, before the
  // live script's own listener runs: once it has loaded, it clears the mark in the same event, and
  // no frame shows it.
  document.addEventListener(
    'input',
    (event) => {
      const form = event.target instanceof Element ? event.target.closest('[' + E.liveAnswer + ']') : null;
      const answer = form ? document.getElementById(form.getAttribute(E.liveAnswer) || '') : null;
      if (answer) answer.setAttribute(E.stale, '');
    },
    true,
  );

  // When the visitor began filling in a form (EARLY.firstFocus): the lead's fill time counts from
  // there (a form filled in before React has booted would otherwise seem filled in at once, like a
  // bot's).
  document.addEventListener(
    'focusin',
    (event) => {
      const form = event.target instanceof Element ? event.target.closest('form') : null;
      if (form && !form.hasAttribute(E.firstFocus)) form.setAttribute(E.firstFocus, String(Math.round(performance.now())));
    },
    true,
  );

  // Before React, Escape closes an open menu and puts focus on its toggle, as React's does.
  document.addEventListener(
    'keydown',
    (event) => {
      if (hydrated || event.key !== 'Escape') return;
      document.querySelectorAll<HTMLElement>('[' + E.disclosure + '][aria-expanded="true"]').forEach((toggle) => {
        setExpanded(toggle, false);
        toggle.focus();
      });
    },
    true,
  );

  // Before React, focus goes back where a dialog was opened from when it closes (the menu's toggle
  // when opened from the menu), as React's dialog does once it has taken over.
  document.addEventListener(
    'close',
    (event) => {
      const opener = (event.target as unknown as Record<string, HTMLElement | undefined>)[config.dialogOpener];
      if (!hydrated && opener && opener.isConnected && opener.offsetParent !== null) opener.focus();
    },
    true,
  );

  // Once the page has loaded and the network is quiet, Next's scripts are fetched into the cache
  // without running them, so a later first interaction only has to run them.
  window.addEventListener('load', () => {
    const idle = (window as { requestIdleCallback?: (callback: () => void) => void }).requestIdleCallback;
    const prefetch = () => {
      if (!booted) prefetchScripts(config);
    };
    if (idle) idle(prefetch);
    else setTimeout(prefetch, 1000);
  });

  // Last, once every listener is ready for the page's first event: boots at once when the page
  // needs React from the start (inline editing, a query it reads, a kept draft), else at the first
  // sign of a person.
  const bootNow =
    ('; ' + document.cookie).indexOf('; ' + config.ownerCookie + '=1') >= 0 ||
    config.bootParams.some((name) => new URLSearchParams(location.search).has(name)) ||
    config.bootIfStored.some((key) => {
      try {
        return sessionStorage.getItem(key) !== null;
      } catch {
        return false;
      }
    });
  if (bootNow) boot();
  else TRIGGERS.forEach((type) => window.addEventListener(type, boot, WATCH));
}
