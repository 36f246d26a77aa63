// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { BOOT_CONFIG_PLACEHOLDER } from '../../lib/site/boot/config';
import { addedScripts, freshBootPageEachTest } from '../../tests/support/boot-page';
import { bundledBootScript } from '../../tests/support/boot-script';
import { bootScriptOf } from './boot-script';
import { bootConfig, deferNextBoot } from './transform';

const { boot, inlineIn } = await bundledBootScript();

freshBootPageEachTest();

const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><script src="/_next/static/chunks/main.js" id="_R_" async=""></script>' +
  '</head><body><main><button id="call" type="button" data-early-toast=\'{"title":"Call us"}\'>Call</button></main>' +
  '<div id="clp-early-toast"></div></body></html>';

describe('the bundled boot script', () => {
  it('runs as the server inlines it: it answers a tap before React and boots the page', () => {
    const script = inlineIn(deferNextBoot(PAGE, boot)!)!;
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(PAGE)![1]!;
    // What the browser does with the inline script: run it as a classic script.
    new Function(script)();
    expect(addedScripts()).toEqual([]);
    document.getElementById('call')!.click();
    expect(document.getElementById('clp-early-toast')!.textContent).toContain('Call us');
    vi.advanceTimersByTime(600);
    expect(addedScripts()).toEqual(['/_next/static/chunks/main.js']);
  });

  it("is allowed as the server's script only with a config, and nothing around it", () => {
    const script = boot.withConfig(bootConfig([{ src: '/_next/static/chunks/main.js' }]));
    expect(boot.isWithSomeConfig(script)).toBe(true);
    expect(boot.isWithSomeConfig(`${script};alert(1)`)).toBe(false);
    expect(boot.isWithSomeConfig(script.replace('{"scripts"', 'alert(1)||{"scripts"'))).toBe(false);
    expect(boot.isWithSomeConfig(script.replace(/\{"scripts".*\}/, '[1]'))).toBe(false);
  });

  it('keeps a value that reads like the end of a script element from closing it', () => {
    const script = boot.withConfig(bootConfig([{ src: '/_next/static/a.js?</script><script>alert(1)//' }]));
    expect(script).not.toContain('</script>');
    expect(boot.isWithSomeConfig(script)).toBe(true);
  });

  it('must name the place of the config exactly once', () => {
    expect(() => bootScriptOf('(()=>{})();')).toThrow(BOOT_CONFIG_PLACEHOLDER);
    expect(() => bootScriptOf(`f(${BOOT_CONFIG_PLACEHOLDER},${BOOT_CONFIG_PLACEHOLDER})`)).toThrow(BOOT_CONFIG_PLACEHOLDER);
  });
});
