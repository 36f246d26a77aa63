import type { BootConfig } from './config';

/**
 * What the parts of the boot script share about the page they run on: the contract every part
 * takes (./start.ts makes one page and hands it to each part in turn; ./boot.ts keeps it current).
 * A new part is a function of a BootPage added to the list in ./start.ts.
 */
export interface BootPage {
  readonly config: BootConfig;
  /** Next's scripts have been asked for. */
  booted: boolean;
  /** React has hydrated the page (config.hydratedEvent): it answers the controls it has taken over. */
  hydrated: boolean;
  /**
   * The page has a form React answers at every keystroke (a calculator): once booted, Next's
   * scripts run without waiting for a pause in the visitor's input.
   */
  eager: boolean;
  /** The control pressed before React was ready, to be pressed again once it is; it does not wait for a pause either. */
  held: HTMLElement | null;
  /** Asks for Next's scripts, once: they run after the next paint, in a pause of the visitor's input. */
  boot(event?: Event): void;
}
