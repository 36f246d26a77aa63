/** A toast as a control describes it (EARLY.toast, EARLY.incomplete in lib/site/early-controls.ts). */
export interface EarlyToast {
  title: string;
  description?: string;
  action?: { label: string; href: string };
}

const SHOWN_MS = 5000;

function element(tag: string, className: string, text: string) {
  const made = document.createElement(tag);
  made.className = className;
  made.textContent = text;
  return made;
}

/**
 * Shows a toast in the host React leaves alone (components/site/early-toast-host.tsx), in place of
 * any shown before, for five seconds or until its close button is pressed (a button React never
 * takes over: the page-wide click handler of ./start.ts leaves it to the listener here).
 */
export function showToast(hostId: string, toast: EarlyToast, error: boolean): void {
  const host = document.getElementById(hostId);
  if (!host) return;
  const shown = element('div', 'early-toast' + (error ? ' early-toast-error' : ''), '');
  shown.appendChild(element('div', 'early-toast-title', toast.title));
  if (toast.description) shown.appendChild(element('div', 'early-toast-description', toast.description));
  if (toast.action) {
    const action = element('a', 'early-toast-action', toast.action.label) as HTMLAnchorElement;
    action.href = toast.action.href;
    shown.appendChild(action);
  }
  const close = element('button', 'early-toast-close', '\u00d7') as HTMLButtonElement;
  close.type = 'button';
  close.setAttribute('aria-label', 'Close');
  const hide = () => shown.remove();
  close.addEventListener('click', hide);
  shown.appendChild(close);
  host.textContent = '';
  host.appendChild(shown);
  setTimeout(hide, SHOWN_MS);
}
