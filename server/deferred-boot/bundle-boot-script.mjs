// Plain JavaScript, like server/build.mjs, which runs it before anything is compiled.
import { build } from 'esbuild';

/**
 * The boot script inlined into public pages (lib/site/boot/, ADRs 009, 015 and 035), bundled: one
 * classic script, minified, ES2017 at most, since it runs before any bundle and on any browser
 * that loads the page. server/build.mjs writes it into server-build/ for the server to read at
 * start-up; the tests bundle it here too, so they exercise the very script pages get.
 */
export async function bundleBootScript(root) {
  const { outputFiles } = await build({
    absWorkingDir: root,
    entryPoints: ['lib/site/boot/main.ts'],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2017',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outputFiles[0].text.trim();
}
