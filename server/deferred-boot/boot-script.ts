import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOT_CONFIG_PLACEHOLDER, type BootConfig } from '../../lib/site/boot/config';

/**
 * The boot script (lib/site/boot/) as server/build.mjs bundled it: fixed code around the place of
 * one page's config. The one inline script of its own the server adds to a page, which the page's
 * Content Security Policy allows by its hash (server/pipeline/public-csp.ts).
 */
export interface BootScript {
  /** The inline script of a page: the bundle, calling the boot with `config`. */
  withConfig(config: BootConfig): string;
  /** True when `text` is this script with some page's config (a JSON object), and nothing else. */
  isWithSomeConfig(text: string): boolean;
}

/** `bundle`, the bundled script, must name the config exactly once (./bundle-boot-script.mjs). */
export function bootScriptOf(bundle: string): BootScript {
  const [before, after, ...more] = bundle.split(BOOT_CONFIG_PLACEHOLDER);
  if (before === undefined || after === undefined || more.length > 0)
    throw new Error(`The boot script must name ${BOOT_CONFIG_PLACEHOLDER} exactly once`);
  return {
    // `<` escaped, so no value can close the script element.
    withConfig: (config) => before + JSON.stringify(config).replace(/</g, '\\u003c') + after,
    isWithSomeConfig(text) {
      if (text.length < before.length + after.length || !text.startsWith(before) || !text.endsWith(after)) return false;
      try {
        const config: unknown = JSON.parse(text.slice(before.length, text.length - after.length));
        return typeof config === 'object' && config !== null && !Array.isArray(config);
      } catch {
        return false;
      }
    },
  };
}

/** Where server/build.mjs writes the bundle, under the project's folder. */
export const BOOT_SCRIPT_FILE = join('server-build', 'boot-client.js');

/**
 * The boot script of the build in `root`, read once at start-up; null when the build has none
 * (the server then sends public pages as Next wrote them, scripts at load).
 */
export function loadBootScript(root: string): BootScript | null {
  let bundle: string;
  try {
    bundle = readFileSync(join(root, BOOT_SCRIPT_FILE), 'utf8');
  } catch {
    return null;
  }
  return bootScriptOf(bundle.trim());
}
