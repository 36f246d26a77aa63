/**
 * The in-page half of `bench:first-tap`. Both functions are serialized (Function.prototype.toString)
 * and run in the browser, so they must stay self-contained. The probe goes in as an init script:
 * it runs before any of the page's own scripts and does nothing until the visitor's first touch.
 */

export type ResponseKind = 'dialog' | 'toast' | 'menu' | 'field' | 'submit' | 'result' | 'figures';

export interface ProbeConfig {
  kind: ResponseKind;
  /** The text that shows the response: a toast's title (kind 'toast'), the form's complaint ('submit'). */
  text?: string;
  /** The character typed into the field, again and again (kinds 'field' and 'result'). */
  character?: string;
  /** A calculator's results region (kind 'result'): the response is its first change of text. */
  resultSelector?: string;
  /**
   * A calculator (kind 'figures'): the text of the results region as the server renders it for the
   * query with the digit typed (whitespace collapsed). The response is the first frame showing it.
   */
  expectedText?: string;
}

/** One key typed into the field: its input time and the frame that first showed its character. */
export interface KeyEcho {
  at: number;
  /** -1 until shown. */
  shownAt: number;
}

/** What the probe found, in the page's own clock (ms since its time origin). */
export interface ProbeResult {
  loadAt: number;
  /** The first touchstart/pointerdown (the input's own time, even when the main thread was busy). */
  tapAt: number;
  /** The animation frame in which the response was first visible (not for a field). */
  shownAt?: number;
  /** A calculator (kinds 'result', 'figures'): the first key typed, whose updated result `shownAt` is. */
  keyAt?: number;
  /** A calculator: the first frame acknowledging the key (results marked stale, or already updated). */
  ackAt?: number;
  /** Each key typed into the field (kind 'field'). */
  keys?: KeyEcho[];
  /** The control under the finger, as describeControl names it. */
  tapped: string;
  /** Whether Next's scripts were already in the document when the finger came down. */
  bootedBeforeTap: boolean;
}

/**
 * A control's role in the page, the same way for the survey (in Playwright) and the probe (in
 * the page): tag, then its name attribute, aria-label or text. Used to check that each tap hit
 * the control the row is about.
 */
export function describeControl(element: Element | null): string {
  const control = element?.closest('button, a, input, textarea, select, label, [role=button]');
  if (!control) return '(nothing)';
  const name = control.getAttribute('name') || control.getAttribute('aria-label') || control.textContent || '';
  return `${control.tagName.toLowerCase()} ${name.replace(/\s+/g, ' ').trim().slice(0, 60)}`;
}

/**
 * Installed with the sample's config. Capture listeners on window registered before any page
 * script, so they see the first touch before the deferred boot's own listeners. The rAF loop
 * starts only with that touch (or, for a field, with the first key), so it costs nothing before.
 * Times are the events' own timeStamps: the moment of the input, even when the main thread was
 * busy and handled it later.
 */
export function installProbe(config: ProbeConfig, describe: typeof describeControl): void {
  const w = window as unknown as Window & { __firstTap?: Promise<ProbeResult>; __firstTapSoFar?: Partial<ProbeResult> };
  // So far: for the error message when no response comes.
  const result: Partial<ProbeResult> = (w.__firstTapSoFar = {});
  let settle: (value: ProbeResult) => void = () => undefined;
  w.__firstTap = new Promise((resolve) => (settle = resolve));
  const listen = { capture: true, passive: true };

  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 1 &&
      box.height > 1 &&
      box.bottom > 0 &&
      box.top < innerHeight &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    );
  };
  const all = (selector: string, root: ParentNode = document) => Array.from(root.querySelectorAll(selector));
  // A toast is matched by its text on screen, whatever renders it (a live region, a list, a popover).
  const textShown = (text: string) => {
    const query = `//body//text()[contains(., ${JSON.stringify(text)}) and not(ancestor::script)]`;
    const found = document.evaluate(query, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
    for (let index = 0; index < found.snapshotLength; index++) {
      const parent = found.snapshotItem(index)?.parentElement;
      if (parent && shown(parent)) return true;
    }
    return false;
  };
  const panels = () =>
    all('nav, [role=navigation], [role=menu], dialog[open], [role=dialog]').filter(
      (element) => shown(element) && all('a[href]', element).some(shown),
    ).length;

  let baselinePanels = 0;
  let form: HTMLFormElement | null = null;
  let resultBefore: string | null = null;
  const resultText = () => document.querySelector(config.resultSelector || 'body')?.textContent ?? '';
  const collapsed = (text: string) => text.replace(/\s+/g, ' ').trim();
  const responded: Record<Exclude<ResponseKind, 'field' | 'result' | 'figures'>, () => boolean> = {
    dialog: () =>
      all('dialog[open], [role=dialog], [role=alertdialog]').some(
        (dialog) => shown(dialog) && all('input:not([type=hidden]), textarea, select', dialog).some(shown),
      ),
    toast: () => textShown(config.text || '\u0000'),
    menu: () => panels() > baselinePanels,
    // The form's own checks: a field marked invalid, or the message (a toast) saying what is missing.
    submit: () => (form !== null && all('[aria-invalid=true]', form).some(shown)) || textShown(config.text || '\u0000'),
  };

  // A field: each key's character counts as shown in the first frame where the field holds that
  // many of them. Done once the number of keys Node says it typed have all been shown.
  const character = config.character || '\u0000';
  let field: HTMLInputElement | HTMLTextAreaElement | null = null;
  const keys: KeyEcho[] = [];
  let expectedKeys = Infinity;
  (w as unknown as { __firstTapExpect: (count: number) => void }).__firstTapExpect = (count) => (expectedKeys = count);
  const echoed = () => {
    const count = field && shown(field) ? Math.min(field.value.split(character).length - 1, keys.length) : 0;
    for (const key of keys.slice(0, count)) if (key.shownAt < 0) key.shownAt = performance.now();
    return count >= expectedKeys;
  };

  const watch = (done: () => boolean) => {
    const frame = () => {
      if (!done()) return requestAnimationFrame(frame);
      if (config.kind === 'field') result.keys = keys;
      else result.shownAt = performance.now();
      settle(result as ProbeResult);
    };
    requestAnimationFrame(frame);
  };

  const onTouch = (event: Event) => {
    if (result.tapAt !== undefined) return;
    result.tapAt = event.timeStamp;
    result.tapped = describe(event.target as Element | null);
    result.bootedBeforeTap = document.querySelector('script[src*="/_next/static/"]') !== null;
    const target = event.target instanceof Element ? event.target : null;
    form = target ? target.closest('form') : null;
    baselinePanels = panels();
    if (config.kind !== 'field' && config.kind !== 'result' && config.kind !== 'figures') watch(responded[config.kind]);
  };
  const onKey = (event: KeyboardEvent) => {
    // A calculator: from the digit to the frame whose results are the server's for the new query.
    if (config.kind === 'figures' && event.key === character && result.keyAt === undefined) {
      result.keyAt = event.timeStamp;
      watch(() => {
        const correct = collapsed(resultText()) === config.expectedText;
        if (result.ackAt === undefined && (correct || document.querySelector('[data-early-stale]')))
          result.ackAt = performance.now();
        return correct;
      });
      return;
    }
    // A calculator: from the first key to the frame whose results differ from those before it.
    if (config.kind === 'result' && event.key === character && result.keyAt === undefined) {
      result.keyAt = event.timeStamp;
      resultBefore = resultText();
      watch(() => {
        const changed = resultText() !== resultBefore;
        if (result.ackAt === undefined && (changed || document.querySelector('[data-early-stale]')))
          result.ackAt = performance.now();
        return changed;
      });
      return;
    }
    if (config.kind !== 'field' || event.key !== character) return;
    if (keys.length === 0) {
      const target = event.target;
      field = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : null;
      watch(echoed);
    }
    keys.push({ at: event.timeStamp, shownAt: -1 });
    result.keys = keys;
  };
  addEventListener('touchstart', onTouch, listen);
  addEventListener('pointerdown', onTouch, listen);
  addEventListener('keydown', onKey, listen);
  addEventListener('load', () => (result.loadAt = performance.now()), { once: true });
}

/**
 * The init script's source: tsx (esbuild's keepNames) wraps named inner functions in `__name()`,
 * which does not exist in the page, so the script brings a harmless one of its own.
 */
export function probeScript(config: ProbeConfig): string {
  return `(function(){var __name=function(f){return f};(${installProbe.toString()})(${JSON.stringify(config)},${describeControl.toString()});})();`;
}
