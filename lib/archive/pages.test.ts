import { describe, expect, it } from 'vitest';
import { defaultContent } from '../content/defaults';
import type { OfficerProfile } from '../officers/types';
import type { Post } from '../posts/types';
import { archivedPages, hasArchivedPage, officerSlugOf, pagesChangedBy, postSlugOf } from './pages';

const post = { id: 'p1', slug: 'draw-schedules', title: 'Draw schedules' } as Post;
const officer = { accountId: 'lo-jane', slug: 'jane-doe', displayName: 'Jane Doe' } as OfficerProfile;
const site = { content: defaultContent, posts: [post], officers: [officer] };

describe('the archived pages', () => {
  it('are the fixed pages, one per live post and one per published officer, once the content is archived', () => {
    expect(archivedPages(site).map((p) => p.path)).toEqual([
      '/',
      '/rates',
      '/licenses',
      '/blog',
      '/team',
      '/calculators',
      '/calculators/construction-interest',
      '/calculators/construction-to-permanent',
      '/calculators/maximum-loan',
      '/calculators/debt-to-income',
      '/blog/draw-schedules',
      '/team/jane-doe',
    ]);
    expect(archivedPages({ content: null, posts: [post], officers: [officer] })).toEqual([]);
    expect(hasArchivedPage(site, '/blog/draw-schedules')).toBe(true);
    expect(hasArchivedPage(site, '/blog/gone')).toBe(false);
    expect(postSlugOf('/blog/draw-schedules')).toBe('draw-schedules');
    expect(postSlugOf('/rates')).toBeNull();
    expect(hasArchivedPage(site, '/team/jane-doe')).toBe(true);
    expect(officerSlugOf('/team/jane-doe')).toBe('jane-doe');
    expect(officerSlugOf('/team/Jane')).toBeNull();
    expect(officerSlugOf('/blog/draw-schedules')).toBeNull();
  });

  it('a change touches the pages that show its source', () => {
    const paths = (versions: { source: 'content' | 'rates' | 'post' | 'licenses' | 'officers'; sourceId: string }[]) =>
      pagesChangedBy(versions, site).map((p) => p.path);
    expect(paths([{ source: 'rates', sourceId: 'site' }])).toEqual([
      '/',
      '/rates',
      '/licenses',
      '/calculators/construction-interest',
      '/calculators/construction-to-permanent',
      '/calculators/maximum-loan',
      '/calculators/debt-to-income',
    ]);
    expect(paths([{ source: 'licenses', sourceId: 'site' }])).toEqual(['/licenses']);
    expect(paths([{ source: 'post', sourceId: 'p1' }])).toEqual(['/blog', '/blog/draw-schedules']);
    expect(paths([{ source: 'content', sourceId: 'site' }])).toHaveLength(12);
    expect(paths([{ source: 'officers', sourceId: 'lo-jane' }])).toEqual(['/team', '/team/jane-doe']);
    // Another officer's change (one unpublished since) touches /team only.
    expect(paths([{ source: 'officers', sourceId: 'admin' }])).toEqual(['/team']);
  });
});
