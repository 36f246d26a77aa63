import type { BootConfig } from './config';
import { startBoot } from './start';

/**
 * The boot script as it reaches a public page: server/build.mjs bundles this file (with esbuild:
 * one classic script, minified, ES2017, since it runs before any bundle) into
 * server-build/boot-client.js, and the server inlines it into each page's <head> with the page's
 * config written in place of this free name (BOOT_CONFIG_PLACEHOLDER in ./config.ts).
 */
declare const __CLP_BOOT_CONFIG__: BootConfig;

startBoot(__CLP_BOOT_CONFIG__);
