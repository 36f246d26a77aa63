import { BROWSER_DRAFT_KEY } from '@/lib/site/deferred-boot-markers';
import { cleanDraftValues, DRAFT_NAMES, draftStep, type DraftStep, type DraftValues } from '@/lib/drafts/draft-values';

/**
 * The application's draft in the browser, kept as the visitor types so a reload or a closed
 * dialog loses nothing. It lives in sessionStorage, on purpose: the application holds income,
 * assets and a credit score, and a computer others use must not keep them once the visitor's tab
 * is closed. Finishing on another day (or device) is what 'Save and finish later' is for: the
 * draft goes to the server, behind a link sent to the visitor's own mailbox. Submitting the
 * application clears it.
 */

const KEY = BROWSER_DRAFT_KEY;

export interface BrowserDraft {
  values: DraftValues;
  step: DraftStep;
  /** The token of the draft saved on the server from this tab: saving again replaces it, submitting deletes it. */
  token?: string;
}

/** sessionStorage, or null where the browser refuses it (privacy modes, storage disabled). */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readBrowserDraft(): BrowserDraft | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<BrowserDraft>;
    const token = typeof parsed.token === 'string' && parsed.token.length <= 100 ? parsed.token : undefined;
    return { values: cleanDraftValues(parsed.values), step: draftStep(parsed.step), token };
  } catch {
    return null;
  }
}

export function writeBrowserDraft(draft: BrowserDraft): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Full or refused storage: the form still works, only the draft is not kept.
  }
}

export function clearBrowserDraft(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The draft's fields as the form holds them now (the honeypot, page and fill time are never kept). */
export function formDraftValues(form: HTMLFormElement): DraftValues {
  const data = new FormData(form);
  const values: Record<string, string> = {};
  for (const name of DRAFT_NAMES) {
    const value = data.get(name);
    if (typeof value === 'string') values[name] = value;
  }
  return cleanDraftValues(values);
}

/**
 * Puts a kept value into a field the visitor has not changed on this page: what they typed
 * before React took over (the fields are uncontrolled) always wins over the draft.
 */
function restoreField(form: HTMLFormElement, name: string, value: string): void {
  const item = form.elements.namedItem(name);
  if (item instanceof RadioNodeList) {
    const radios = [...item].filter((node): node is HTMLInputElement => node instanceof HTMLInputElement);
    if (radios.some((radio) => radio.checked !== radio.defaultChecked)) return;
    for (const radio of radios) radio.checked = radio.value === value;
  } else if (item instanceof HTMLInputElement && item.type === 'checkbox') {
    if (item.checked === item.defaultChecked) item.checked = value === 'yes';
  } else if (item instanceof HTMLSelectElement) {
    if ([...item.options].every((option) => option.selected === option.defaultSelected)) item.value = value;
  } else if (item instanceof HTMLInputElement || item instanceof HTMLTextAreaElement) {
    if (item.value === item.defaultValue) item.value = value;
  }
}

/** Restores a kept draft's values, except the fields the page was given (a prefill link, a resumed draft). */
export function restoreBrowserDraft(form: HTMLFormElement, values: DraftValues, given: ReadonlySet<string>): void {
  for (const [name, value] of Object.entries(values)) if (!given.has(name)) restoreField(form, name, value);
}
