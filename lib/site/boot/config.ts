import type { EarlyControls } from '../early-controls';

/**
 * What the server hands the boot script of one page (server/deferred-boot/transform.ts): JSON
 * written in place of BOOT_CONFIG_PLACEHOLDER in the bundled script.
 */
export interface BootConfig {
  /** Next's script tags the server took out of the page, as their attributes, in page order. */
  scripts: Record<string, string>[];
  hydratedEvent: string;
  ownerCookie: string;
  /** Query parameters that boot the page at once: the page reads them in the browser right away. */
  bootParams: string[];
  /** sessionStorage keys whose presence boots the page at once (a kept application draft). */
  bootIfStored: string[];
  /** How long a held control waits for React before the page does without it. */
  giveUpMs: number;
  /** The page's React Server Components payload, sent as JSON data scripts. */
  flightSelector: string;
  early: EarlyControls;
  dialogOpener: string;
}

/**
 * The free name the bundled script (./main.ts) calls the boot with: minification keeps a global's
 * name, and the server writes each page's config in its place.
 */
export const BOOT_CONFIG_PLACEHOLDER = '__CLP_BOOT_CONFIG__';
