import { describe, expect, it } from 'vitest';
import { requestedPostSlug } from './missing-post';

const request = (url: string, method = 'GET', headers: Record<string, string> = {}) => ({ url, method, headers });

describe('which requests the server checks for an unknown blog post', () => {
  it('a page request for /blog/<slug>, GET or HEAD, with its query, the slug decoded', () => {
    expect(requestedPostSlug(request('/blog/no-such-post'))).toBe('no-such-post');
    expect(requestedPostSlug(request('/blog/no-such-post?utm_source=x', 'HEAD'))).toBe('no-such-post');
    expect(requestedPostSlug(request('/blog/caf%C3%A9'))).toBe('café');
  });

  it('not the blog list, the feed, deeper paths, a trailing slash (Next redirects it), other methods or bad escapes', () => {
    for (const url of ['/blog', '/blog/', '/blog/rss.xml', '/blog/a/b', '/blog/a/', '/blogs/a', '/blog/%E0%A4%A'])
      expect(requestedPostSlug(request(url))).toBeNull();
    expect(requestedPostSlug(request('/blog/a', 'POST'))).toBeNull();
  });

  it("not Next's own requests (client navigations and prefetches): the page's notFound() answers those", () => {
    expect(requestedPostSlug(request('/blog/a', 'GET', { rsc: '1' }))).toBeNull();
    expect(requestedPostSlug(request('/blog/a', 'GET', { 'next-router-prefetch': '1' }))).toBeNull();
    expect(requestedPostSlug(request('/blog/a?_rsc=abc'))).toBeNull();
  });
});
