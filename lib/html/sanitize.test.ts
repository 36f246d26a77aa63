import { describe, expect, it } from 'vitest';
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
