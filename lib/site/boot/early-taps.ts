import { closeOnBackdrop, openDialog } from './dialogs';
import { answerSubmitEarly } from './forms';
import { holdForReact, ownedByReact } from './held-controls';
import { setExpanded } from './menu';
import type { BootPage } from './page';
import { showToast } from './toasts';

/**
 * Answers a tap on a button (or on a link that opens a dialog) before React is ready for it (ADR
 * 015): what the control's data attributes describe is done at once, the page boots, and the
 * control is pressed again once React is ready if React has more to do. Plain links keep their
 * built-in behaviour. Only what React reads back from the DOM when it takes over is changed (a
 * dialog's open state, a panel's hidden state, attributes React does not render), never a text
 * React rendered.
 */
export function answerTapsEarly(page: BootPage): void {
  const E = page.config.early;
  const hold = holdForReact(page);

  /** True when the tap's answer is complete; false when React must press the control again. */
  function answerEarly(control: HTMLElement) {
    const toast = control.getAttribute(E.toast);
    if (control.hasAttribute(E.dialog)) return openDialog(page, control);
    if (control.hasAttribute(E.close)) {
      const dialog = control.closest('dialog');
      if (dialog) dialog.close();
    } else if (toast) showToast(E.toastHost, JSON.parse(toast), false);
    else if (control.hasAttribute(E.disclosure)) setExpanded(control, control.getAttribute('aria-expanded') !== 'true');
    else {
      // React checks the form and sends it.
      if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form)
        answerSubmitEarly(page, control, control.form);
      return false;
    }
    return true;
  }

  document.addEventListener(
    'click',
    (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target;
      if (!(target instanceof Element)) return;
      if (target instanceof HTMLDialogElement && !page.hydrated) {
        closeOnBackdrop(target, event);
        return;
      }
      const control = target.closest<HTMLElement>('button, a[aria-haspopup]');
      if (!control || (page.hydrated && ownedByReact(control))) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      page.boot();
      if (!answerEarly(control)) hold(control);
    },
    true,
  );
}
