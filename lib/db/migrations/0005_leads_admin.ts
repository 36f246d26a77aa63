import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The search text of a lead written before this migration, frozen here as lib/leads/search-text.ts
 * made it when the migration was written: the app's own may change later, the rows this migration
 * filled must not.
 */
function searchText(lead: { name: string; email: string; phone: string }): string {
  const digits = lead.phone.replace(/\D/g, '');
  return `${lead.name} ${lead.email} ${lead.phone} ${digits}`.toLowerCase();
}

/**
 * The leads database of the admin: the owner's notes, a normalized search column (name, e-mail,
 * phone and the phone's digits, lower-cased) searched with LIKE on both engines, and indexes that
 * serve the list's filters in its order (folder, then kind and/or status, newest first).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('leads')
    .addColumn('search', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  const rows = (await db.selectFrom('leads').select(['id', 'name', 'email', 'phone', 'is_spam']).execute()) as {
    id: string;
    name: string;
    email: string;
    phone: string;
    is_spam: number;
  }[];
  for (const row of rows) {
    await db
      .updateTable('leads')
      .set({ search: searchText(row), ...(Number(row.is_spam) === 1 ? { status: 'spam' } : {}) })
      .where('id', '=', row.id)
      .execute();
  }

  await db.schema.dropIndex('leads_status_idx').execute();
  await db.schema.dropIndex('leads_kind_created_idx').execute();
  await db.schema.dropIndex('leads_created_idx').execute();
  const indexes: [string, string[]][] = [
    ['leads_folder_created_idx', ['is_spam', 'created_at', 'id', 'search']],
    ['leads_folder_kind_created_idx', ['is_spam', 'kind', 'created_at', 'id', 'search']],
    ['leads_folder_status_created_idx', ['is_spam', 'status', 'created_at', 'id', 'search']],
    ['leads_folder_kind_status_created_idx', ['is_spam', 'kind', 'status', 'created_at', 'id', 'search']],
  ];
  // `search` rides at the end of each index so a search is checked on the index entries, in list
  // order, without reading a table row for every lead that does not match.
  for (const [name, columns] of indexes) await db.schema.createIndex(name).on('leads').columns(columns).execute();
  // PostgreSQL: a trigram index answers `search LIKE '%...%'` without reading every row (pg_trgm
  // ships with PostgreSQL's contrib package and is a trusted extension since 13). Without it the
  // search still works, by a scan. SQLite checks the search on the index entries above instead.
  if (engineOf(db) === 'postgres') {
    const available = await sql<{ name: string }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (available.rows.length > 0) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index leads_search_trgm_idx on leads using gin (search gin_trgm_ops)`.execute(db);
    }
  }
  // SQLite: an FTS5 trigram index over `search` (external content, kept in step by triggers)
  // answers the same LIKE '%...%' for searches of 3 characters or more.
  if (engineOf(db) === 'sqlite') {
    await sql`create virtual table leads_search_fts using fts5(search, content='leads', content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    );
    await sql`insert into leads_search_fts(rowid, search) select rowid, search from leads`.execute(db);
    await sql`create trigger leads_search_ai after insert on leads begin
      insert into leads_search_fts(rowid, search) values (new.rowid, new.search); end`.execute(db);
    await sql`create trigger leads_search_ad after delete on leads begin
      insert into leads_search_fts(leads_search_fts, rowid, search) values ('delete', old.rowid, old.search); end`.execute(db);
    await sql`create trigger leads_search_au after update of search on leads begin
      insert into leads_search_fts(leads_search_fts, rowid, search) values ('delete', old.rowid, old.search);
      insert into leads_search_fts(rowid, search) values (new.rowid, new.search); end`.execute(db);
  }
  // The dashboard's banner counts failing notifications.
  await db.schema.createIndex('lead_notifications_status_idx').on('lead_notifications').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_search_trgm_idx').ifExists().execute();
  if (engineOf(db) === 'sqlite') {
    for (const trigger of ['leads_search_ai', 'leads_search_ad', 'leads_search_au'])
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    await sql`drop table if exists leads_search_fts`.execute(db);
  }
  await db.schema.dropIndex('lead_notifications_status_idx').execute();
  for (const name of [
    'leads_folder_created_idx',
    'leads_folder_kind_created_idx',
    'leads_folder_status_created_idx',
    'leads_folder_kind_status_created_idx',
  ])
    await db.schema.dropIndex(name).execute();
  await db.schema.createIndex('leads_created_idx').on('leads').column('created_at').execute();
  await db.schema.createIndex('leads_kind_created_idx').on('leads').columns(['kind', 'created_at']).execute();
  await db.schema.createIndex('leads_status_idx').on('leads').column('status').execute();
  await db.schema.alterTable('leads').dropColumn('search').execute();
  await db.schema.alterTable('leads').dropColumn('notes').execute();
}
