import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOOT_CONFIG_PLACEHOLDER, type BootConfig } from '../../lib/site/boot/config';
import { bootScriptOf, type BootScript } from '../../server/deferred-boot/boot-script';
import { bundleBootScript } from '../../server/deferred-boot/bundle-boot-script.mjs';

// From the path, not a URL object: in a happy-dom environment URL is the browser's.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface BundledBootScript {
  boot: BootScript;
  /** The text of the boot script element in `html`, or undefined when the page has none. */
  inlineIn(html: string): string | undefined;
  /** The config the boot script in `html` is called with. */
  configIn(html: string): BootConfig;
}

/**
 * The boot script as public pages get it: lib/site/boot/ bundled now, by the function
 * server/build.mjs uses, so a test never reads a build left on disk from older sources.
 */
export async function bundledBootScript(): Promise<BundledBootScript> {
  const bundle = await bundleBootScript(root);
  const [before, after] = bundle.split(BOOT_CONFIG_PLACEHOLDER) as [string, string];
  const inlineIn = (html: string) => {
    const start = html.indexOf(`<script>${before}`);
    if (start < 0) return undefined;
    const end = html.indexOf(`${after}</script>`, start);
    return end < 0 ? undefined : html.slice(start + '<script>'.length, end + after.length);
  };
  return {
    boot: bootScriptOf(bundle),
    inlineIn,
    configIn(html) {
      const script = inlineIn(html);
      if (script === undefined) throw new Error('no boot script in the page');
      return JSON.parse(script.slice(before.length, script.length - after.length)) as BootConfig;
    },
  };
}
