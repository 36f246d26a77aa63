import { EDIT_MODE_STYLES } from '@/lib/site/edit-mode-styles';

/**
 * DOM side of inline edit mode. The public pages are server-rendered with data attributes only
 * (components/edit-mode/editable.tsx); these helpers turn them into focusable, labelled items
 * while edit mode is on and write saved values back into the page.
 */

/** Also the marker the browser tests look for in a page's scripts: it must appear nowhere else. */
export const EDIT_MODE_STYLE_ID = 'clp-inline-edit-mode-styles';

export function injectStyles(): void {
  if (document.getElementById(EDIT_MODE_STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = EDIT_MODE_STYLE_ID;
  style.textContent = EDIT_MODE_STYLES;
  document.head.append(style);
}

export const editableItems = () => [...document.querySelectorAll<HTMLElement>('[data-edit-path]')];
export const editableImages = () => [...document.querySelectorAll<HTMLImageElement>('img[data-edit-image]')];

/** 'pricing.plans.0.features.2.text' → 'pricing › plans 1 › features 3 › text', for labels. */
export function describePath(path: string): string {
  return path
    .split('.')
    .map((s) => (/^\d+$/.test(s) ? String(Number(s) + 1) : s))
    .join(' ')
    .replace(/ (?=[a-zA-Z])/g, ' › ');
}

const shorten = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

function label(item: HTMLElement): string {
  return `Edit: ${shorten(item.textContent?.trim() || describePath(item.dataset.editPath ?? ''))} (editable)`;
}

/** Makes every marked text reachable with Tab and announced as an editable button. */
export function decorate(): void {
  for (const item of editableItems()) {
    item.tabIndex = 0;
    item.setAttribute('role', 'button');
    const next = label(item);
    if (item.getAttribute('aria-label') !== next) item.setAttribute('aria-label', next);
  }
}

export function undecorate(): void {
  for (const item of editableItems()) {
    item.removeAttribute('tabindex');
    item.removeAttribute('role');
    item.removeAttribute('aria-label');
  }
}

/** Shows a saved value everywhere the page displays that path (the header title appears twice). */
export function applyValue(path: string, value: string): void {
  for (const item of editableItems()) {
    if (item.dataset.editPath !== path) continue;
    if (item.dataset.editHtml !== undefined) {
      // The server sanitized this HTML when it was saved (sanitizeInlineHtml on every write).
      if (item.innerHTML !== value) item.innerHTML = value;
    } else if (item.textContent !== value) item.textContent = value;
  }
  for (const image of editableImages()) {
    if (image.dataset.editImage === path && image.getAttribute('src') !== value) {
      // The optimiser's srcset points at the old image; the plain address is fine while editing.
      image.removeAttribute('srcset');
      image.src = value;
    }
    if (image.dataset.editAlt === path) image.alt = value;
  }
}

/** Brings the page up to the stored content (the browser may hold an older copy of the page). */
export function applyContent(valueAt: (path: string) => string | undefined): void {
  const paths = new Set<string>();
  for (const item of editableItems()) if (item.dataset.editPath) paths.add(item.dataset.editPath);
  for (const image of editableImages()) {
    if (image.dataset.editImage) paths.add(image.dataset.editImage);
    if (image.dataset.editAlt) paths.add(image.dataset.editAlt);
  }
  for (const path of paths) {
    const value = valueAt(path);
    if (value !== undefined) applyValue(path, value);
  }
}

/** Where to draw an overlay for `element`, in page coordinates. */
export function overlayBox(element: Element, minWidth = 0): { top: number; left: number; width: number; height: number } {
  const rect = element.getBoundingClientRect();
  const width = Math.min(Math.max(rect.width, minWidth), window.innerWidth - 16);
  const left = Math.max(8, Math.min(rect.left, window.innerWidth - width - 8));
  return { top: rect.top + window.scrollY, left: left + window.scrollX, width, height: rect.height };
}
