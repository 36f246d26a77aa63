import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { normalizeLinkHref } from './links';
import { sanitizeArticleHtml, sanitizeInlineHtml } from './sanitize.server';

describe('sanitizeInlineHtml (hero title)', () => {
  it('keeps inline emphasis and drops everything executable', () => {
    const html = 'Build <span class="text-accent" onclick="x()">Now</span><script>alert(1)</script><img src=x onerror=alert(1)>';
    expect(sanitizeInlineHtml(html)).toBe('Build <span class="text-accent">Now</span>');
  });
});

describe('sanitizeArticleHtml (post bodies)', () => {
  it('removes scripts, handlers, iframes, styles and javascript: links', () => {
    const dirty =
      '<h2 style="position:fixed">Hi</h2><script>steal()</script><p onmouseover="x()">Text</p>' +
      '<iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">bad</a><a href="data:text/html,x">d</a>' +
      '<img src="x" onerror="alert(1)"><style>body{display:none}</style>';
    const clean = sanitizeArticleHtml(dirty);
    // A link with a forbidden scheme keeps its text and loses its address (the spec's blank address).
    expect(clean).toBe('<h2>Hi</h2><p>Text</p><a>bad</a><a>d</a><img src="x" />');
  });

  it('keeps http, https, mailto and tel links, opening external ones safely', () => {
    const clean = sanitizeArticleHtml(
      '<a href="https://nmls.example/x">n</a><a href="mailto:a@b.co">m</a><a href="tel:+18005550199">t</a><a href="/rates">r</a>',
    );
    expect(clean).toBe(
      '<a href="https://nmls.example/x" rel="noopener noreferrer" target="_blank">n</a><a href="mailto:a@b.co">m</a><a href="tel:+18005550199">t</a><a href="/rates">r</a>',
    );
  });
});

describe('link rules (spec section 5), in the editor and on the server', () => {
  it('normalizes addresses: http, https, mailto, tel and site paths only; e-mail addresses get mailto:', () => {
    expect(normalizeLinkHref('https://example.com/a')).toBe('https://example.com/a');
    expect(normalizeLinkHref('HTTP://example.com')).toBe('HTTP://example.com');
    expect(normalizeLinkHref('mailto:a@b.co')).toBe('mailto:a@b.co');
    expect(normalizeLinkHref('tel:+18005550199')).toBe('tel:+18005550199');
    expect(normalizeLinkHref('owner@example.com')).toBe('mailto:owner@example.com');
    expect(normalizeLinkHref('/rates')).toBe('/rates');
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      '//evil.example',
      'ftp://x',
    ]) {
      expect(normalizeLinkHref(bad), bad).toBe('');
    }
  });

  it('applies them to stored HTML, including forged requests', () => {
    const clean = sanitizeArticleHtml(
      '<a href="owner@example.com">write</a><a>owner@example.com</a><a href="java&#x09;script:alert(1)">x</a>' +
        '<a href="&#106;avascript:alert(1)">y</a><a href="ftp://files.example">f</a><a href="//evil.example">p</a>',
    );
    expect(clean).toBe(
      '<a href="mailto:owner@example.com">write</a><a href="mailto:owner@example.com">owner@example.com</a><a>x</a><a>y</a><a>f</a><a>p</a>',
    );
  });

  it('removes style-based tricks, forms, objects, SVG and event handlers', () => {
    const clean = sanitizeArticleHtml(
      '<div style="position:fixed;inset:0">o</div><form action="https://evil"><input name="p"></form><object data="x"></object>' +
        '<svg onload="alert(1)"><circle /></svg><img src="/media/abc.webp" onerror="alert(1)" style="width:9999px"><link rel="stylesheet" href="x"><meta http-equiv="refresh" content="0;url=https://evil">',
    );
    expect(clean).toBe('o<img src="/media/abc.webp" />');
  });

  it('stores HTML that is safe on its own: no handler survives, and cleaning it again changes nothing', () => {
    // Every attribute of every element, as an HTML parser reads the stored text.
    const attributesOf = (html: string) => {
      const seen: string[] = [];
      sanitizeHtml(html, {
        allowedTags: false,
        allowedAttributes: false,
        transformTags: {
          '*': (tagName, attribs) => {
            seen.push(...Object.keys(attribs).map((name) => `${tagName}[${name}]`));
            return { tagName, attribs };
          },
        },
      });
      return seen;
    };
    for (const dirty of [
      '<a>a"onmouseover="alert(1)"x=@b.c</a>',
      '<a title="t">x"onfocus="alert(1)"autofocus="@b.co</a>',
      "<a>a'onclick='alert(1)'@b.co</a>",
      '<p><a>owner@example.com</a> and <a>a"><img src=x onerror=alert(1)>@b.co</a></p>',
    ]) {
      const stored = sanitizeArticleHtml(dirty);
      expect(
        attributesOf(stored).filter((name) => /\[on/i.test(name)),
        dirty,
      ).toEqual([]);
      expect(sanitizeArticleHtml(stored), dirty).toBe(stored);
    }
    expect(sanitizeArticleHtml('<a>owner@example.com</a>')).toBe('<a href="mailto:owner@example.com">owner@example.com</a>');
  });
});
