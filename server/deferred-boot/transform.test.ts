import { describe, expect, it } from 'vitest';
import { OWNER_MARKER_COOKIE } from '../../lib/auth/owner-marker';
import { HYDRATED_EVENT } from '../../lib/site/deferred-boot-markers';
import { bundledBootScript } from '../../tests/support/boot-script';
import { deferNextBoot as deferWith } from './transform';

const { boot, inlineIn, configIn: configOf } = await bundledBootScript();
const deferNextBoot = (html: string) => deferWith(html, boot);

/** The shape of a page as Next 16 writes it (trimmed): scripts in the head, the main one in the body. */
const PAGE = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>',
  '<script src="/_next/static/chunks/one.js" async=""></script>',
  '<script src="/_next/static/chunks/two.js?v=1&amp;x=2" async=""></script>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '<link rel="preload" as="image" href="/images/hero.svg"/>',
  '<title>Home</title></head><body><main><h1>Hello</h1></main>',
  '<script src="/_next/static/chunks/main.js" id="_R_" async=""></script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script>self.__next_f.push([1,"0:{\\"P\\":null}\\n"])</script>',
  '<script>self.__next_f.push([1,"1:\\u003cb\\u003e"])</script>',
  '<script type="application/ld+json">{"@type":"FinancialService"}</script>',
  '</body></html>',
].join('');

describe('deferNextBoot', () => {
  it("takes every one of Next's script tags and script preloads out of the page", () => {
    const html = deferNextBoot(PAGE)!;
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).not.toContain('rel="preload" as="script"');
    expect(html).not.toContain('polyfills.js');
  });

  it('hands the boot script the same scripts, attributes kept, in page order', () => {
    const config = configOf(deferNextBoot(PAGE)!);
    expect(config.scripts).toEqual([
      { src: '/_next/static/chunks/one.js' },
      { src: '/_next/static/chunks/two.js?v=1&x=2' },
      { src: '/_next/static/chunks/main.js', id: '_R_' },
    ]);
    expect(config.hydratedEvent).toBe(HYDRATED_EVENT);
    expect(config.ownerCookie).toBe(OWNER_MARKER_COOKIE);
  });

  it('puts the boot script in the head before the stylesheet and leaves everything else as it was', () => {
    const html = deferNextBoot(PAGE)!;
    const at = html.indexOf(`<script>${inlineIn(html)}</script>`);
    expect(at).toBeGreaterThan(html.indexOf('name="viewport"'));
    expect(at).toBeLessThan(html.indexOf('rel="stylesheet"'));
    for (const kept of [
      '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
      '<link rel="preload" as="image" href="/images/hero.svg"/>',
      '<main><h1>Hello</h1></main>',
      '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
      '<script type="application/ld+json">{"@type":"FinancialService"}</script>',
    ])
      expect(html).toContain(kept);
  });

  it('sends the inline RSC payload as JSON data, in page order, for the boot script to hand over', () => {
    const html = deferNextBoot(PAGE)!;
    expect(html).not.toContain('self.__next_f.push([1');
    const data = [...html.matchAll(/<script type="application\/json" data-clp-flight>(.*?)<\/script>/g)].map(([, json]) =>
      JSON.parse(json!),
    );
    expect(data).toEqual([
      [1, '0:{"P":null}\n'],
      [1, '1:<b>'],
    ]);
    expect(html).toContain('<script>(self.__next_f=self.__next_f||[]).push([0])</script>');
  });

  it('leaves the payload as scripts should a chunk not be plain JSON', () => {
    const odd = PAGE.replace('[1,"1:\\u003cb\\u003e"]', '[1,someVariable]');
    expect(deferNextBoot(odd)).toContain('<script>self.__next_f.push([1,someVariable])</script>');
  });

  it('cannot be made to close its own script element by a script path', () => {
    // React writes `<` in an attribute as &lt;; unescaped for the list, it must not end the script.
    const html = deferNextBoot(PAGE.replace('one.js', 'one.js?&lt;/script&gt;&lt;script&gt;alert(1)//'))!;
    expect(html).not.toContain('</script><script>alert(1)');
    expect(configOf(html).scripts[0]!.src).toBe('/_next/static/chunks/one.js?</script><script>alert(1)//');
  });

  it('leaves a page that asks for its scripts at load as it is', () => {
    expect(deferNextBoot(PAGE.replace('<title>', '<meta name="clp-boot" content="at-load"/><title>'))).toBeNull();
  });

  it('leaves pages without Next scripts, and fragments without a head, alone', () => {
    expect(deferNextBoot('<html><head><title>x</title></head><body>static</body></html>')).toBeNull();
    expect(deferNextBoot('<script src="/_next/static/chunks/one.js" async=""></script>')).toBeNull();
  });
});
