import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 32, point 3: the Leads page and the Overview at a million leads.
 *
 * - Indexes for the Leads filters that had none in the list's order: the assignee, each of the two
 *   sources, follow-ups (due on a day; open ones for "Overdue"), and the "Possible bot" and
 *   "Outside our licenses" marks within the folder (the indexes of migrations 0014 and 0026 lacked
 *   `is_spam`, so the list read every lead of the folder to find the marked ones).
 * - `leads.first_contact_ms`: the time from submission to the first status change that is contact
 *   (not to 'new' or 'spam'), kept by a trigger on the status history.
 * - `lead_counts`: how many leads each UTC day has by kind, by status, by kind and status, by
 *   assignee and status, by first source, by landing page and by time to first contact (in steps:
 *   the minute under an hour, the hour under a week, then the day), spam apart under 'spam'; and
 *   for all time (day '') what the Leads page counts without dates. Kept by triggers in the transaction of every insert, delete and change of those columns, so it is
 *   exact whoever writes the leads. The Overview and the Leads page's totals read a few hundred of
 *   its rows instead of counting up to a million leads. PostgreSQL: statement triggers add a
 *   batch's leads in one upsert sorted by key, so two instances storing leads at once take the
 *   rows in the same order and never wait for each other crosswise.
 */

type Engine = 'sqlite' | 'postgres';

/** The time-to-contact step of `ms` (SQL): its lower bound, as 12 digits so that text order is time order. */
function contactStep(engine: Engine, ms: string): string {
  const step = `case when ${ms} < 3600000 then ${ms} - ${ms} % 60000
    when ${ms} < 604800000 then ${ms} - ${ms} % 3600000
    else ${ms} - ${ms} % 86400000 end`;
  return engine === 'postgres' ? `lpad((${step})::text, 12, '0')` : `printf('%012d', ${step})`;
}

/**
 * A lead's keys in lead_counts other than 'spam': [dimension, value SQL, condition SQL, all time]
 * over the row `l`. The dimensions the Leads page reads without dates also have a row for all
 * time (day ''), so a total over two years reads one row, not one per day.
 */
function keys(engine: Engine, l: string): [string, string, string, boolean][] {
  return [
    ['kind', `${l}.kind`, 'true', true],
    ['status', `${l}.status`, 'true', true],
    ['kind_status', `${l}.kind || '/' || ${l}.status`, 'true', true],
    ['assignee_status', `coalesce(${l}.assignee_id, '') || '/' || ${l}.status`, 'true', true],
    ['source', `${l}.first_source`, 'true', false],
    ['landing', `${l}.landing_page`, 'true', false],
    ['contact', contactStep(engine, `${l}.first_contact_ms`), `${l}.first_contact_ms is not null`, false],
  ];
}

/**
 * One row per key of the lead `l` (SQLite: new or old), for its day and for all time, with n (+1,
 * -1, or count(*) over `from`'s rows, grouped); ends in a WHERE, a GROUP BY or a HAVING, as an
 * upsert's SELECT must not end in a join.
 */
function keyRows(engine: Engine, l: string, n: string, from = '', grouped = false): string {
  const day = `substr(${l}.created_at, 1, 10)`;
  return [
    ...keys(engine, l).flatMap(([dimension, value, when, allTime]) => [
      `select '${dimension}', ${day}, ${value}, ${n} ${from} where ${l}.is_spam = 0 and ${when}${grouped ? ' group by 2, 3' : ''}`,
      ...(allTime
        ? [`select '${dimension}', '', ${value}, ${n} ${from} where ${l}.is_spam = 0 and ${when}${grouped ? ' group by 3' : ''}`]
        : []),
    ]),
    `select 'spam', ${day}, '', ${n} ${from} where ${l}.is_spam = 1${grouped ? ' group by 2' : ''}`,
    `select 'spam', '', '', ${n} ${from} where ${l}.is_spam = 1${grouped ? ' having count(*) > 0' : ''}`,
  ].join(' union all ');
}

const upsert = (select: string) =>
  `insert into lead_counts (dimension, day, value, leads) ${select}
    on conflict (dimension, day, value) do update set leads = lead_counts.leads + excluded.leads`;

const DIMENSIONS = `'kind', 'status', 'kind_status', 'assignee_status', 'source', 'landing', 'contact', 'spam'`;
/**
 * Drops the rows of a day (SQL) and of all time that no lead counts in any more: a source or
 * landing page of a deleted lead does not outlive it, and the table stays as small as the leads' days.
 */
const dropEmpty = (day: string) =>
  `delete from lead_counts where dimension in (${DIMENSIONS}) and (day = ${day} or day = '') and leads = 0`;

/** The columns whose change moves a lead in lead_counts. */
const COUNTED_COLUMNS = 'is_spam, status, kind, created_at, assignee_id, first_source, landing_page, first_contact_ms';

/** Milliseconds from the lead's submission to a status change at `at`, never below 0. */
const msToContact = (engine: Engine, at: string, created: string) =>
  engine === 'postgres'
    ? `greatest(0, round(extract(epoch from (${at}::timestamptz - ${created}::timestamptz)) * 1000)::bigint)`
    : `max(0, cast(round((julianday(${at}) - julianday(${created})) * 86400000) as integer))`;

const CONTACT = `not in ('new', 'spam')`;

const INDEXES: { name: string; columns: string[]; where?: string }[] = [
  // An assignee's leads in list order, with what the board and a source check on them: counted from the index alone.
  {
    name: 'leads_folder_assignee_created_idx',
    columns: ['is_spam', 'assignee_id', 'created_at', 'id', 'status', 'first_source', 'last_source'],
  },
  { name: 'leads_folder_first_source_created_idx', columns: ['is_spam', 'first_source', 'created_at', 'id'] },
  { name: 'leads_folder_last_source_created_idx', columns: ['is_spam', 'last_source', 'created_at', 'id'] },
  // "Due today": the day's few follow-ups, newest first (a lead arrives without one: nothing to write then).
  {
    name: 'leads_folder_follow_up_on_created_idx',
    columns: ['is_spam', 'follow_up_on', 'created_at', 'id'],
    where: 'follow_up_on is not null',
  },
  // "Overdue", with "Assigned to me": the leads with a follow-up in list order, with what they check.
  {
    name: 'leads_follow_up_created_idx',
    columns: ['is_spam', 'created_at', 'id', 'follow_up_on', 'status', 'assignee_id'],
    where: 'follow_up_on is not null',
  },
  { name: 'leads_folder_possible_bot_idx', columns: ['is_spam', 'created_at', 'id'], where: 'possible_bot = 1' },
  { name: 'leads_folder_outside_licenses_idx', columns: ['is_spam', 'created_at', 'id'], where: 'outside_licenses = 1' },
];

export async function up(db: Kysely<any>): Promise<void> {
  const engine: Engine = engineOf(db);
  for (const { name, columns, where } of INDEXES) {
    await sql`create index ${sql.raw(name)} on leads (${sql.raw(columns.join(', '))})${sql.raw(where ? ` where ${where}` : '')}`.execute(
      db,
    );
  }
  await db.schema.dropIndex('leads_possible_bot_idx').execute();
  await db.schema.dropIndex('leads_outside_licenses_idx').execute();

  // The time to first contact, for the leads already contacted, then kept by a trigger.
  await db.schema.alterTable('leads').addColumn('first_contact_ms', 'bigint').execute();
  await sql`update leads set first_contact_ms = (
      select min(${sql.raw(msToContact(engine, 'c.at', 'leads.created_at'))}) from lead_status_changes c
      where c.lead_id = leads.id and c.to_status ${sql.raw(CONTACT)})
    where exists (select 1 from lead_status_changes c where c.lead_id = leads.id and c.to_status ${sql.raw(CONTACT)})`.execute(
    db,
  );
  const ms = msToContact(engine, 'new.at', 'leads.created_at');
  const setFirst = `update leads set first_contact_ms = ${ms}
    where id = new.lead_id and (first_contact_ms is null or first_contact_ms > ${ms})`;
  if (engine === 'postgres') {
    await sql`create or replace function leads_first_contact() returns trigger language plpgsql as $$
      begin ${sql.raw(setFirst)}; return null; end $$`.execute(db);
    await sql`create trigger leads_first_contact_ai after insert on lead_status_changes for each row
      when (new.to_status ${sql.raw(CONTACT)}) execute function leads_first_contact()`.execute(db);
  } else {
    await sql`create trigger leads_first_contact_ai after insert on lead_status_changes
      when new.to_status ${sql.raw(CONTACT)} begin ${sql.raw(setFirst)}; end`.execute(db);
  }
  // The Overview's median: the contacted leads of a period with their times, from the index alone.
  await sql`create index leads_first_contact_idx on leads (is_spam, created_at, first_contact_ms)
    where first_contact_ms is not null`.execute(db);

  await db.schema
    .createTable('lead_counts')
    .addColumn('dimension', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('leads', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_counts_pkey', ['dimension', 'day', 'value'])
    .execute();
  // The leads already stored.
  await sql`${sql.raw(`insert into lead_counts (dimension, day, value, leads) ${keyRows(engine, 'leads', 'count(*)', 'from leads', true)}`)}`.execute(
    db,
  );
  if (engine === 'postgres') {
    // A statement's leads as rows of `l`: their keys, counted, sorted (see above).
    const counted = (table: string, sign: string) =>
      upsert(`select dimension, day, value, sum(n) from (
          ${keyRows(engine, 'l', sign, `from ${table} l`)}
        ) k (dimension, day, value, n) group by 1, 2, 3 order by 1, 2, 3`);
    await sql`create or replace function lead_counts_inserted() returns trigger language plpgsql as $$
      begin ${sql.raw(counted('inserted', '1'))}; return null; end $$`.execute(db);
    await sql`create or replace function lead_counts_deleted() returns trigger language plpgsql as $$
      begin ${sql.raw(counted('deleted', '-1'))};
        ${sql.raw(dropEmpty('any (select distinct substr(created_at, 1, 10) from deleted)'))};
        return null; end $$`.execute(db);
    await sql`create or replace function lead_counts_updated() returns trigger language plpgsql as $$
      begin ${sql.raw(
        upsert(`select dimension, day, value, sum(n) from (
          ${keyRows(engine, 'new', '1')} union all ${keyRows(engine, 'old', '-1')}
        ) k (dimension, day, value, n) group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`),
      )};
        ${sql.raw(dropEmpty('substr(old.created_at, 1, 10)'))};
        return null; end $$`.execute(db);
    await sql`create trigger lead_counts_ai after insert on leads referencing new table as inserted
      for each statement execute function lead_counts_inserted()`.execute(db);
    await sql`create trigger lead_counts_ad after delete on leads referencing old table as deleted
      for each statement execute function lead_counts_deleted()`.execute(db);
    await sql`create trigger lead_counts_au after update of ${sql.raw(COUNTED_COLUMNS)} on leads
      for each row execute function lead_counts_updated()`.execute(db);
  } else {
    await sql`create trigger lead_counts_ai after insert on leads begin ${sql.raw(upsert(keyRows(engine, 'new', '1')))}; end`.execute(
      db,
    );
    await sql`create trigger lead_counts_ad after delete on leads begin
      ${sql.raw(upsert(keyRows(engine, 'old', '-1')))};
      ${sql.raw(dropEmpty('substr(old.created_at, 1, 10)'))};
    end`.execute(db);
    await sql`create trigger lead_counts_au after update of ${sql.raw(COUNTED_COLUMNS)} on leads begin
      ${sql.raw(upsert(keyRows(engine, 'old', '-1')))};
      ${sql.raw(upsert(keyRows(engine, 'new', '1')))};
      ${sql.raw(dropEmpty('substr(old.created_at, 1, 10)'))};
    end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  const on = (table: string) => sql.raw(engine === 'postgres' ? ` on ${table}` : '');
  for (const trigger of ['lead_counts_ai', 'lead_counts_ad', 'lead_counts_au'])
    await sql`drop trigger if exists ${sql.raw(trigger)}${on('leads')}`.execute(db);
  await sql`drop trigger if exists leads_first_contact_ai${on('lead_status_changes')}`.execute(db);
  if (engine === 'postgres')
    for (const fn of ['leads_first_contact', 'lead_counts_inserted', 'lead_counts_deleted', 'lead_counts_updated'])
      await sql`drop function if exists ${sql.raw(fn)}()`.execute(db);
  await db.schema.dropTable('lead_counts').execute();
  await db.schema.dropIndex('leads_first_contact_idx').execute();
  await db.schema.alterTable('leads').dropColumn('first_contact_ms').execute();
  for (const { name } of INDEXES) await db.schema.dropIndex(name).execute();
  for (const [name, column] of [
    ['leads_possible_bot_idx', 'possible_bot'],
    ['leads_outside_licenses_idx', 'outside_licenses'],
  ] as const)
    await db.schema.createIndex(name).on('leads').columns(['created_at', 'id']).where(sql.ref(column), '=', 1).execute();
}
