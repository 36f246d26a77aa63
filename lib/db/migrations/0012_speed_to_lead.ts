import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Speed to lead (issue 18): where a lead came from (first and last touch), working it (assignee,
 * follow-up date, a pipeline whose every change is kept), the alerts that go out the moment it
 * arrives (push subscriptions, webhook endpoints, the notification's recipient), and page views
 * per landing page for the overview's conversion figures.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Attribution: the whole first and last touch as JSON, and the two sources as columns the Leads
  // filter and the overview group by ('google', 'news', a referrer host, or 'direct').
  await db.schema
    .alterTable('leads')
    .addColumn('attribution', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('leads')
    .addColumn('first_source', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('leads')
    .addColumn('last_source', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('leads')
    .addColumn('landing_page', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  // Working the lead: who has it, when to call next (a UTC date, YYYY-MM-DD), why it was lost.
  await db.schema.alterTable('leads').addColumn('assignee_id', 'varchar(32)').execute();
  await db.schema.alterTable('leads').addColumn('follow_up_on', 'varchar(10)').execute();
  await db.schema.alterTable('leads').addColumn('lost_reason', 'varchar(500)').execute();
  await db.schema.createIndex('leads_follow_up_idx').on('leads').columns(['follow_up_on', 'assignee_id']).execute();
  await db.schema.createIndex('leads_first_source_idx').on('leads').columns(['first_source', 'created_at']).execute();

  // Every status change with its time and who made it: the status history, and the overview's
  // time to first contact (submission to the first change).
  await db.schema
    .createTable('lead_status_changes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lead_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('to_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('actor_id', 'varchar(32)')
    .addColumn('actor', 'varchar(254)', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_status_changes_lead_idx').on('lead_status_changes').columns(['lead_id', 'at']).execute();

  // Who a notification goes to, beyond its channel: 'broker' (the lead alert to MAIL_TO), 'visitor'
  // (the auto-reply), 'user:<id>' (a digest, a push to one account's device), 'webhook:<endpoint id>'.
  await db.schema
    .alterTable('notifications')
    .addColumn('recipient', 'varchar(64)', (c) => c.notNull().defaultTo('broker'))
    .execute();
  await sql`update notifications set recipient = 'invitee' where subject_type = 'invite'`.execute(db);
  // A webhook endpoint's recent deliveries (Integrations) are its recipient's newest notifications.
  await db.schema.createIndex('notifications_recipient_idx').on('notifications').columns(['recipient', 'created_at']).execute();

  // Web push: one row per device an account turned alerts on for (the browser's PushSubscription).
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  // Signed webhooks (Standard Webhooks): the secret sealed with SECRET_KEY, shown once at creation.
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    /** JSON array of event types: 'lead.created', 'lead.updated'. */
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // The daily follow-up digest each account may turn off.
  await db.schema
    .alterTable('admin_users')
    .addColumn('wants_digest', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // Page views per UTC day and path, counted by the cookieless beacon (a view's first report): the
  // overview's conversion by landing page. Nothing about the visitor.
  await db.schema
    .createTable('page_views')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_views_pkey', ['day', 'path'])
    .execute();
  // The page views counted so far, by the beacon's random view id, so `page_views` grows once per
  // view, on its first report, whichever instance receives it and however its reports are split
  // (a later report carries only what changed, which may be metrics never sent before): of two
  // instances inserting the same id at once, one waits for the other and then inserts nothing.
  // `day` lets old ids be pruned with the Web Vitals.
  await db.schema
    .createTable('page_view_ids')
    .addColumn('view_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_view_ids_day_idx').on('page_view_ids').column('day').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['page_view_ids', 'page_views', 'webhook_endpoints', 'push_subscriptions', 'lead_status_changes'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('admin_users').dropColumn('wants_digest').execute();
  await db.schema.dropIndex('notifications_recipient_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('recipient').execute();
  await db.schema.dropIndex('leads_first_source_idx').execute();
  await db.schema.dropIndex('leads_follow_up_idx').execute();
  for (const column of [
    'lost_reason',
    'follow_up_on',
    'assignee_id',
    'landing_page',
    'last_source',
    'first_source',
    'attribution',
  ])
    await db.schema.alterTable('leads').dropColumn(column).execute();
}
