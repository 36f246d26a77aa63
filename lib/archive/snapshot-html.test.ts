import { describe, expect, it } from 'vitest';
import { escapeHtml, standaloneSnapshot, stylesheetHrefs } from './snapshot-html';

const page = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>
<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>
<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/>
<script src="/_next/static/chunks/b.js" async=""></script></head>
<body><p>Rates: 6.75%</p><script>self.__next_f.push([1,"</p>"])</script></body></html>`;

describe('a snapshot that stands alone', () => {
  it('writes the stylesheets in, takes the scripts out and points at the live site', () => {
    expect(stylesheetHrefs(page)).toEqual(['/_next/static/chunks/a.css']);
    const html = standaloneSnapshot(page, {
      stylesheets: new Map([['/_next/static/chunks/a.css', '.card{color:red}</style><script>']]),
      baseUrl: 'https://loans.example.com',
    });
    expect(html).toContain('<head><base href="https://loans.example.com/">');
    expect(html).toContain('<style>.card{color:red}<\\/style><script></style>');
    expect(html).not.toContain('<script src=');
    expect(html).not.toContain('__next_f');
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('<p>Rates: 6.75%</p>');
  });

  it('leaves a stylesheet it was not given linked', () => {
    expect(standaloneSnapshot(page, { stylesheets: new Map(), baseUrl: 'https://x.example/' })).toContain(
      '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
    );
  });

  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
