import { describe, expect, it } from 'vitest';
import { CDN_CACHE_CONTROL, cdnCacheControl } from './cdn-cache-control';

describe('cdnCacheControl', () => {
  it('shortens the shared-cache lifetime of cached pages', () => {
    expect(cdnCacheControl('s-maxage=86400, stale-while-revalidate=518400')).toBe(CDN_CACHE_CONTROL);
  });

  it('leaves immutable assets and uncacheable responses alone', () => {
    expect(cdnCacheControl('public, max-age=31536000, immutable')).toBe('public, max-age=31536000, immutable');
    expect(cdnCacheControl('private, no-cache, no-store, max-age=0, must-revalidate')).toBe(
      'private, no-cache, no-store, max-age=0, must-revalidate',
    );
  });
});
