/**
 * React keeps an element's props on it once it has hydrated it. The page reports hydration as a
 * whole, but a lazily loaded part (the forms of /rates and /ebook) hydrates when its code has
 * arrived, so a held control is clicked again only once React has taken it over too. (This
 * assumes what holds today: every button of a public page is rendered by React, but for the close
 * button of a toast the boot script shows, which is never held.)
 */
export function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.indexOf('__reactProps$') === 0);
}

/**
 * Should the scripts never arrive, does what the page does without JavaScript: a link leads to its
 * page, a form is sent to the server.
 */
export function withoutReact(control: HTMLElement): void {
  if (control instanceof HTMLAnchorElement) location.assign(control.href);
  else if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form) control.form.requestSubmit(control);
}
