import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { CHUNK_BYTES } from '../../lib/documents/cipher.server';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackup } from '../../lib/db/backup/backup.server';
import { describeEncryptedBackup, type ScryptCost } from '../../lib/db/backup/encryption.server';
import { BackupError } from '../../lib/db/backup/errors';
import { restoreBackup } from '../../lib/db/backup/restore.server';
import { connect, type DB } from '../../lib/db/connect.server';
import { readDocument, storeDocument } from '../../lib/documents/store.server';
import { migrations } from '../../lib/db/migrations';
import { databaseTarget } from '../../lib/env-schema';
import { openLoanFile } from '../../lib/loan-files/files.server';
import { loanFile } from '../../lib/loan-files/queries.server';
import { itemOwner } from '../../lib/loan-files/upload-access.server';
import { migrateDatabase } from '../../server/database';
import { generateLeads, insertLeads } from '../support/generate-leads';
import { fullApplication } from '../support/lead-data';
import { startLeadWriter } from '../support/lead-writer-process';
import { recordLead } from '../support/leads';
import { createPostgresDatabase, postgresUrl } from '../support/postgres-database';
import { testEngines } from '../support/engines';
import { tempDatabasePath } from '../support/temp-path';

/** The documents' keys are sealed with SECRET_KEY: the restored database opens them with the same key. */
vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 21).toString('base64');
});

/**
 * `npm run db:backup` and `npm run db:restore` (lib/db/backup/), on real SQLite files and a real
 * PostgreSQL: a backup taken while another process keeps storing leads is one consistent moment,
 * and a restore either puts exactly that moment in place or, on any error, changes nothing. Loan
 * files and their encrypted documents are in the database, so in its backups.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const PASSPHRASE = 'correct horse battery staple';
/**
 * The key derivation of these throwaway backups: 1 MiB instead of NEW_BACKUP_COST's 256 MiB, which
 * costs seconds per key (lib/db/backup/encryption.test.ts checks that new backups use it, and
 * tests/e2e/backups.spec.ts runs `npm run db:backup` itself).
 */
const CHEAP: ScryptCost = { log2N: 10, r: 8, p: 1 };

interface Engine {
  /** A URL where there is no database yet (an empty PostgreSQL database, a path with no file). */
  empty(): Promise<string>;
}

const engines = testEngines<Engine>(
  async () => ({
    empty: async () => {
      const { path, cleanup } = tempDatabasePath();
      cleanups.push(cleanup);
      return `file:${path}`;
    },
  }),
  async (adminUrl) => ({
    empty: async () => {
      const database = await createPostgresDatabase(adminUrl);
      cleanups.push(database.drop);
      return database.url;
    },
  }),
);

/** Runs `work` on a connection of its own, closed again (a restore refuses a database in use). */
async function withDb<T>(url: string, work: (db: DB) => Promise<T>): Promise<T> {
  const db = connect(databaseTarget(url));
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** A database of the site as `npm start` leaves it: migrated and seeded. */
async function siteDatabase(engine: Engine): Promise<string> {
  const url = await engine.empty();
  await migrateDatabase(url);
  return url;
}

const backupDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'clp-backups-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** Every lead and every notification, as stored, in id order. */
const snapshot = (url: string) =>
  withDb(url, async (db) => ({
    leads: await db.selectFrom('leads').selectAll().orderBy('id').execute(),
    notifications: await db.selectFrom('notifications').selectAll().orderBy('id').execute(),
  }));

/** What a restore that failed must leave as it was: the rows and, for SQLite, the folder's files. */
async function untouched(url: string) {
  const target = databaseTarget(url);
  const files = target.kind === 'sqlite' ? readdirSync(dirname(target.path)).sort() : [];
  return { ...(await snapshot(url)), files, bytes: target.kind === 'sqlite' ? readFileSync(target.path) : null };
}

const aLead = (name: string) => ({
  kind: 'contact' as const,
  fields: { from_name: name, from_email: `${name.toLowerCase()}@example.com`, phone: '', message: 'Call me' },
  page: '/contact',
  consent: true,
  spamReason: null,
  clientAddress: '198.51.100.1',
  userAgent: 'test',
});

const MiB = 1024 * 1024;
const DOCUMENT_MARKER = 'CLP-BACKUP-DOC-MARKER-3e9f';

/** A PDF of 2.5 MiB (several chunks) with the marker all through it. */
function multiChunkPdf(): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  return Buffer.concat([head, Buffer.alloc(2.5 * MiB - head.length, `${DOCUMENT_MARKER} `)]);
}

async function* streamOf(bytes: Buffer): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += 300_000) yield bytes.subarray(offset, offset + 300_000);
}

/** A document's content as read back, or null when the database has no such document. */
async function documentContent(db: DB, id: string): Promise<Buffer | null> {
  const read = await readDocument(db, id);
  if (!read) return null;
  const pieces: Buffer[] = [];
  for await (const piece of read.content) pieces.push(piece);
  return Buffer.concat(pieces);
}

describe.each(engines)('%s', (engineName, open) => {
  const engineKey = engineName === 'SQLite' ? 'sqlite' : 'postgres';

  it('a backup taken while another process stores leads holds every lead committed before it, as one moment', async () => {
    const engine = await open();
    const source = await siteDatabase(engine);
    const generated = generateLeads(3000);
    await withDb(source, (db) => insertLeads(db, generated));

    const writer = startLeadWriter(source);
    cleanups.push(writer.kill);
    await writer.waitFor(20);
    const committedBefore = writer.committed();
    const dir = backupDir();
    const { file, encrypted } = await createBackup({ databaseUrl: source, dir });
    // The writer was never held up: it goes on storing leads after the backup.
    await writer.waitFor(writer.committed().length + 20);
    const written = await writer.stop();

    expect(encrypted).toBe(false);
    expect(basename(file)).toMatch(new RegExp(`^clp-${engineKey}-\\d{8}T\\d{6}Z\\.(db|dump)$`));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual([basename(file)]);

    const target = await engine.empty();
    expect(await restoreBackup({ file, databaseUrl: target })).toEqual({ engine: engineKey, keptAs: null });
    expect(await migrateDatabase(target)).toEqual({ applied: [], seeded: false });

    const restored = await snapshot(target);
    const ids = restored.leads.map((lead) => lead.id);
    expect(ids).toEqual(expect.arrayContaining([...generated.map((lead) => lead.id), ...committedBefore]));
    // One moment: of the writer's leads, exactly those committed before some instant.
    const fromWriter = written.filter((id) => ids.includes(id));
    expect(fromWriter).toEqual(written.slice(0, fromWriter.length));
    expect(ids).toHaveLength(generated.length + fromWriter.length);
    // Each lead as it was stored, with its e-mail: never one without the other.
    const original = await snapshot(source);
    expect(restored.leads).toEqual(original.leads.filter((lead) => ids.includes(lead.id)));
    expect(restored.notifications).toEqual(original.notifications.filter((n) => ids.includes(n.subject_id)));
    expect(restored.notifications.map((n) => n.subject_id).sort()).toEqual([...ids].sort());
    if (engineKey === 'sqlite')
      expect(await withDb(target, async (db) => (await sql`pragma integrity_check`.execute(db)).rows)).toEqual([
        { integrity_check: 'ok' },
      ]);
  }, 60_000);

  it('an encrypted backup round-trips; without the passphrase, with a wrong one, or damaged, it restores nothing', async () => {
    const engine = await open();
    const source = await siteDatabase(engine);
    await withDb(source, (db) => recordLead(db, aLead('Backed')));
    const dir = backupDir();
    const { file, encrypted } = await createBackup({ databaseUrl: source, dir, passphrase: PASSPHRASE, scryptCost: CHEAP });
    expect(encrypted).toBe(true);
    expect(file).toMatch(/\.(db|dump)\.enc$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const bytes = readFileSync(file);
    expect(describeEncryptedBackup(bytes).scrypt).toEqual(CHEAP);
    for (const plain of ['SQLite format 3', 'PGDMP', 'backed@example.com']) expect(bytes.includes(plain)).toBe(false);

    // A database that is not empty, so that "nothing changed" means something.
    const target = await siteDatabase(engine);
    await withDb(target, (db) => recordLead(db, aLead('Current')));
    const before = await untouched(target);
    const damaged = join(dir, 'damaged.enc');
    // One byte changed (flipped: setting it to a fixed value changed nothing 1 time in 256).
    const damagedBytes = Buffer.from(bytes);
    damagedBytes[bytes.length >> 1]! ^= 0xff;
    writeFileSync(damaged, damagedBytes);
    const cut = join(dir, 'cut.enc');
    writeFileSync(cut, bytes.subarray(0, bytes.length - 100));

    for (const [attempt, error] of [
      [{ file }, /is encrypted: set BACKUP_PASSPHRASE/],
      [{ file, passphrase: 'not the passphrase at all' }, /BACKUP_PASSPHRASE does not open/],
      [{ file: damaged, passphrase: PASSPHRASE }, /damaged/],
      [{ file: cut, passphrase: PASSPHRASE }, /damaged/],
      [{ file: join(dir, 'missing.enc'), passphrase: PASSPHRASE }, /There is no backup file at/],
    ] as const) {
      const failed = restoreBackup({ ...attempt, databaseUrl: target });
      await expect(failed).rejects.toThrow(error);
      await expect(failed).rejects.toBeInstanceOf(BackupError);
      expect(await untouched(target)).toEqual(before);
    }

    const restored = await restoreBackup({ file, databaseUrl: target, passphrase: PASSPHRASE });
    await migrateDatabase(target);
    expect((await snapshot(target)).leads).toEqual((await snapshot(source)).leads);
    if (engineKey === 'sqlite') {
      // The database it replaced is kept, so a mistaken restore can be undone.
      const kept = await snapshot(`file:${restored.keptAs!}`);
      expect(kept.leads.map((lead) => lead.name)).toEqual(['Current']);
    }
  });

  it('a loan file and its multi-chunk document come back from a backup, the document byte for byte', async () => {
    const engine = await open();
    const source = await siteDatabase(engine);
    const content = multiChunkPdf();
    const original = await withDb(source, async (db) => {
      const { id: leadId } = await recordLead(db, {
        ...aLead('Borrower'),
        kind: 'application',
        fields: { ...fullApplication, builderStatus: 'have-builder' },
        page: '/apply',
      });
      const { file } = await openLoanFile(db, leadId, { by: 'admin' });
      const stored = await storeDocument(db, {
        owner: itemOwner(file.items[0]!.id),
        name: `${DOCUMENT_MARKER} plans.pdf`,
        uploadedBy: `borrower:${file.id}`,
        source: streamOf(content),
      });
      if (!stored.ok) throw new Error(stored.message);
      const chunks = await db.selectFrom('document_chunks').select('seq').where('document_id', '=', stored.document.id).execute();
      expect(chunks).toHaveLength(Math.ceil(content.length / CHUNK_BYTES));
      return { file, document: stored.document };
    });
    const dir = backupDir();
    // Even a plain backup holds no plaintext of the document or its name: both are encrypted in the database.
    const plain = await createBackup({ databaseUrl: source, dir });
    expect(readFileSync(plain.file).includes(DOCUMENT_MARKER)).toBe(false);
    const { file } = await createBackup({ databaseUrl: source, dir, passphrase: PASSPHRASE, scryptCost: CHEAP });

    const target = await engine.empty();
    await restoreBackup({ file, databaseUrl: target, passphrase: PASSPHRASE });
    expect(await migrateDatabase(target)).toEqual({ applied: [], seeded: false });
    await withDb(target, async (db) => {
      expect(await loanFile(db, original.file.id)).toEqual(original.file);
      const [restored] = await db.selectFrom('documents').selectAll().where('id', '=', original.document.id).execute();
      expect(restored).toMatchObject({
        state: 'complete',
        size: content.length,
        chunk_count: Math.ceil(content.length / CHUNK_BYTES),
      });
      expect((await readDocument(db, original.document.id))?.document).toEqual(original.document);
      expect((await documentContent(db, original.document.id))!.equals(content)).toBe(true);
    });
  });

  it('a cut-short plain backup, or a database in use, is refused and nothing changes', async () => {
    const engine = await open();
    const source = await siteDatabase(engine);
    const dir = backupDir();
    const { file } = await createBackup({ databaseUrl: source, dir });
    const target = await siteDatabase(engine);
    await withDb(target, (db) => recordLead(db, aLead('Current')));
    const before = await untouched(target);

    const cut = join(dir, engineKey === 'sqlite' ? 'cut.db' : 'cut.dump');
    const bytes = readFileSync(file);
    writeFileSync(cut, bytes.subarray(0, bytes.length - 4096));
    await expect(restoreBackup({ file: cut, databaseUrl: target })).rejects.toBeInstanceOf(BackupError);
    expect(await untouched(target)).toEqual(before);

    const notABackup = join(dir, 'notes.txt');
    writeFileSync(notABackup, 'Remember the milk');
    await expect(restoreBackup({ file: notABackup, databaseUrl: target })).rejects.toThrow(
      /not a backup made by npm run db:backup/,
    );

    // The site has the database open: a restore would pull it from under it.
    const site = connect(databaseTarget(target));
    cleanups.push(() => site.destroy());
    await site.selectFrom('leads').select('id').execute();
    await expect(restoreBackup({ file, databaseUrl: target })).rejects.toThrow(/is in use\b.*: stop the site/);
    await site.destroy();
    expect(await untouched(target)).toEqual(before);
  });

  it('a backup of an older release restored over a current database is migrated up to date', async () => {
    const engine = await open();
    const older = await engine.empty();
    const names = Object.keys(migrations);
    await withDb(older, async (db) => {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const { error } = await migrator.migrateTo(names.at(-2)!);
      if (error) throw error;
      // app_meta's shape has not changed since the first release: a row any release can write.
      await db.insertInto('app_meta').values({ key: 'restore-test', value: 'from the older release' }).execute();
    });
    const { file } = await createBackup({ databaseUrl: older, dir: backupDir(), passphrase: PASSPHRASE, scryptCost: CHEAP });

    // The current database has the newest release's tables, which the backup does not.
    const target = await siteDatabase(engine);
    await restoreBackup({ file, databaseUrl: target, passphrase: PASSPHRASE });
    expect(await migrateDatabase(target)).toEqual({ applied: [names.at(-1)], seeded: true });
    const meta = await withDb(target, (db) =>
      db.selectFrom('app_meta').select('value').where('key', '=', 'restore-test').execute(),
    );
    expect(meta).toEqual([{ value: 'from the older release' }]);
  });
});

describe('SQLite', () => {
  it('refuses a PostgreSQL backup for an SQLite database, and says why', async () => {
    const { path, cleanup } = tempDatabasePath();
    cleanups.push(cleanup);
    await migrateDatabase(`file:${path}`);
    const dump = join(backupDir(), 'clp-postgres-20261122T000000Z.dump');
    writeFileSync(dump, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(100)]));
    await expect(restoreBackup({ file: dump, databaseUrl: `file:${path}` })).rejects.toThrow(
      /is a PostgreSQL backup, but DATABASE_URL is a SQLite database/,
    );
  });
});

describe.runIf(postgresUrl)('PostgreSQL tools', () => {
  it('without pg_dump the backup fails with a message saying what to install, and leaves no file', async () => {
    const database = await createPostgresDatabase(postgresUrl!);
    cleanups.push(database.drop);
    const dir = backupDir();
    const path = process.env.PATH;
    process.env.PATH = join(dir, 'nothing-here');
    cleanups.push(() => void (process.env.PATH = path));
    await expect(createBackup({ databaseUrl: database.url, dir })).rejects.toThrow(
      /pg_dump was not found\. Install PostgreSQL's client programs/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a pg_dump that fails (a database that does not exist) is reported with its own message', async () => {
    const url = new URL(postgresUrl!);
    url.pathname = '/clp_no_such_database';
    const dir = backupDir();
    await expect(createBackup({ databaseUrl: url.toString(), dir })).rejects.toThrow(
      /pg_dump failed \(exit code 1\): .*clp_no_such_database/s,
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});
