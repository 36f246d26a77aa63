import type { Generated } from 'kysely';

/**
 * Row types of every table, as both SQLite and PostgreSQL store them. Timestamps are ISO-8601
 * UTC strings and booleans are 0/1 integers so one set of queries and migrations serves both
 * engines. Query modules turn rows into domain objects; nothing outside lib/ sees these.
 */

export interface SiteContentTable {
  /** Always 'site': the whole editable tree is one document. */
  id: string;
  /** Content schema version of `document` (see lib/content/migrations.ts). */
  schema_version: number;
  /** Incremented on every save, for optimistic concurrency. */
  revision: number;
  document: string;
  updated_at: string;
}

export interface RatesTable {
  id: string;
  type: string;
  icon: string;
  rate: string;
  apr: string;
  term: string;
  notes: string;
  position: number;
  updated_at: string;
}

export interface PostsTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  body_html: string;
  image_url: string | null;
  category: string;
  author: string;
  published_at: string;
  is_custom: number;
  created_at: string;
  updated_at: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Database {
  site_content: SiteContentTable;
  rates: RatesTable;
  posts: PostsTable;
  app_meta: AppMetaTable;
}

export type { Generated };
