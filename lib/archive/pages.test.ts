import { describe, expect, it } from 'vitest';
import { defaultContent } from '../content/defaults';
import type { Post } from '../posts/types';
import { archivedPages, hasArchivedPage, pagesChangedBy, postSlugOf } from './pages';

const post = { id: 'p1', slug: 'draw-schedules', title: 'Draw schedules' } as Post;
const site = { content: defaultContent, posts: [post] };

describe('the archived pages', () => {
  it('are the fixed pages and one per live post, once the content is archived', () => {
    expect(archivedPages(site).map((p) => p.path)).toEqual(['/', '/rates', '/licenses', '/blog', '/blog/draw-schedules']);
    expect(archivedPages({ content: null, posts: [post] })).toEqual([]);
    expect(hasArchivedPage(site, '/blog/draw-schedules')).toBe(true);
    expect(hasArchivedPage(site, '/blog/gone')).toBe(false);
    expect(postSlugOf('/blog/draw-schedules')).toBe('draw-schedules');
    expect(postSlugOf('/rates')).toBeNull();
  });

  it('a change touches the pages that show its source', () => {
    const paths = (versions: { source: 'content' | 'rates' | 'post' | 'licenses' | 'officers'; sourceId: string }[]) =>
      pagesChangedBy(versions, site).map((p) => p.path);
    expect(paths([{ source: 'rates', sourceId: 'site' }])).toEqual(['/', '/rates', '/licenses']);
    expect(paths([{ source: 'licenses', sourceId: 'site' }])).toEqual(['/licenses']);
    expect(paths([{ source: 'post', sourceId: 'p1' }])).toEqual(['/blog', '/blog/draw-schedules']);
    expect(paths([{ source: 'content', sourceId: 'site' }])).toHaveLength(5);
    expect(paths([{ source: 'officers', sourceId: 'admin' }])).toEqual([]);
  });
});
