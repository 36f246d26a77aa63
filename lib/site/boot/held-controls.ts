import type { BootPage } from './page';

/**
 * React keeps an element's props on it once it has hydrated it. The page reports hydration as a
 * whole, but a lazily loaded part (the forms of /rates and /ebook) hydrates when its code has
 * arrived, so a held control is clicked again only once React has taken it over too. (This
 * assumes what holds today: every button of a public page is rendered by React.)
 */
export function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.indexOf('__reactProps$') === 0);
}

/**
 * Should the scripts never arrive, does what the page does without JavaScript: a link leads to its
 * page, a form is sent to the server.
 */
function withoutReact(control: HTMLElement) {
  if (control instanceof HTMLAnchorElement) location.assign(control.href);
  else if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form) control.form.requestSubmit(control);
}

/**
 * Holds a control pressed before React was ready for it (page.held) and clicks it again once React
 * has taken it over; after config.giveUpMs without React, the page does without it. Returns the
 * function that holds a control; a later press replaces the one held.
 */
export function holdForReact(page: BootPage): (control: HTMLElement) => void {
  const pending = page.config.early.pending;
  let heldSince = 0;

  function replayWhenReady() {
    const control = page.held;
    if (!control) return;
    if (!control.isConnected) {
      page.held = null;
      return;
    }
    if (page.hydrated && ownedByReact(control)) {
      page.held = null;
      control.removeAttribute(pending);
      control.click();
    } else if (Date.now() - heldSince > page.config.giveUpMs) {
      page.held = null;
      control.removeAttribute(pending);
      withoutReact(control);
    } else setTimeout(replayWhenReady, 50);
  }

  // In a task of its own: the event comes from React's effects, and React does not dispatch
  // events to its handlers in the middle of its own work.
  window.addEventListener(page.config.hydratedEvent, () => setTimeout(replayWhenReady, 0));

  return (control) => {
    const waiting = page.held !== null;
    page.held = control;
    heldSince = Date.now();
    if (!waiting) setTimeout(replayWhenReady, 50);
  };
}
