import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Whether each rate is fixed or adjustable: an adjustable rate is advertised with 'The APR may
 * increase after consummation' (Regulation Z, 12 CFR 1026.24(c)). Every rate stored before this
 * was one of the spec's fixed samples or the owner's copy of one, so existing rows become fixed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rates')
    .addColumn('rate_kind', 'varchar(16)', (c) => c.notNull().defaultTo('fixed'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rates').dropColumn('rate_kind').execute();
}
