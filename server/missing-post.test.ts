import { describe, expect, it } from 'vitest';
import { KnownPostSlugs, requestedPostSlug } from './missing-post';

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

describe('the slugs remembered as posts', () => {
  const lookups: string[] = [];
  const database = (posts: Set<string>) => async (slug: string) => {
    lookups.push(slug);
    return posts.has(slug);
  };

  it('asks the database once for a post, every time for an unknown slug, and again after an expiry', async () => {
    lookups.length = 0;
    const posts = new Set(['a-post']);
    const slugs = new KnownPostSlugs();
    for (let view = 0; view < 3; view++) expect(await slugs.isKnown('a-post', database(posts))).toBe(true);
    for (let view = 0; view < 2; view++) expect(await slugs.isKnown('made-up', database(posts))).toBe(false);
    expect(lookups).toEqual(['a-post', 'made-up', 'made-up']);

    // The post is deleted (an admin write expires the cache): its address is asked again.
    posts.delete('a-post');
    slugs.forget();
    expect(await slugs.isKnown('a-post', database(posts))).toBe(false);
  });

  it('does not keep an answer whose lookup began before an expiry', async () => {
    const slugs = new KnownPostSlugs();
    let answer!: (known: boolean) => void;
    const pending = slugs.isKnown('a-post', () => new Promise<boolean>((resolve) => (answer = resolve)));
    slugs.forget(); // the post is deleted while the lookup is on its way
    answer(true);
    expect(await pending).toBe(true);
    expect(await slugs.isKnown('a-post', async () => false)).toBe(false);
  });
});
