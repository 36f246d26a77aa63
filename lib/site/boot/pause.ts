/**
 * Running Next's scripts is a long task (on a phone several hundred milliseconds): a tap or a key
 * meanwhile would wait for it. Taps are answered without them and fields echo without them, so
 * the scripts run in a pause: half a second without input, a second without typing in a field.
 */
const QUIET_MS = 500;
const TYPING_PAUSE_MS = 1000;
const INPUT_EVENTS = [
  'pointerdown',
  'pointerup',
  'pointermove',
  'touchstart',
  'touchend',
  'keydown',
  'input',
  'focusin',
  'wheel',
  'scroll',
];

/** How the boot script listens on window: first, and without ever delaying scrolling. */
export const WATCH = { capture: true, passive: true };

export function isTextField(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !/^(button|submit|reset|checkbox|radio|file|image|hidden)$/.test(target.type);
}

/**
 * Watches the visitor's input from now on. Returns a function that tells how long (ms) until the
 * visitor's current pause begins: zero or less once they have paused.
 */
export function watchForPause(): () => number {
  let lastInput = 0;
  let lastTyping = 0;
  INPUT_EVENTS.forEach((type) =>
    window.addEventListener(
      type,
      (event) => {
        lastInput = Date.now();
        if (type !== 'pointermove' && isTextField(event.target)) lastTyping = lastInput;
      },
      WATCH,
    ),
  );
  return () => {
    const typing = isTextField(document.activeElement) ? lastTyping + TYPING_PAUSE_MS : 0;
    return Math.max(lastInput + QUIET_MS, typing) - Date.now();
  };
}
