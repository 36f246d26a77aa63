/** The boot script (lib/site/boot/main.ts), bundled and minified; `root` is the project's folder. */
export function bundleBootScript(root: string): Promise<string>;
