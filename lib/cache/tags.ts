/**
 * Cache tags, named once. Every read of a cached query tags itself here and every write that
 * changes the data expires the same tag, so a public page is re-rendered exactly when its data
 * changed.
 */
export const CacheTag = {
  content: 'content',
  rates: 'rates',
  posts: 'posts',
  /** The state licenses and their notices (lib/licenses/): the licenses page. */
  licenses: 'licenses',
  /** The loan officers' published profiles (lib/officers/): /team and /team/<slug>. */
  officers: 'officers',
} as const;

export type CacheTagName = (typeof CacheTag)[keyof typeof CacheTag];
export const ALL_CACHE_TAGS: CacheTagName[] = Object.values(CacheTag);
