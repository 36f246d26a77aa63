/**
 * A stand-in for the running site in the backup tests: another process that stores leads one by
 * one, each in its own transaction as the store does, on DATABASE_URL (argv[2]), and prints each
 * lead's id once it is committed. It stops when its standard input closes.
 *
 *   node --conditions=react-server --import tsx tests/support/lead-writer.ts DATABASE_URL
 */
import { setTimeout as pause } from 'node:timers/promises';
import { connect } from '../../lib/db/connect.server';
import { databaseTarget } from '../../lib/env-schema';
import { recordLead } from './leads';

const db = connect(databaseTarget(process.argv[2]!));
let stopping = false;
process.stdin.on('close', () => (stopping = true)).resume();

for (let i = 0; !stopping; i++) {
  const { id } = await recordLead(db, {
    kind: 'contact',
    fields: { from_name: `Writer ${i}`, from_email: `writer${i}@example.com`, phone: '', message: `Lead ${i}` },
    page: '/contact',
    consent: true,
    spamReason: null,
    clientAddress: '198.51.100.7',
    userAgent: 'lead-writer',
  });
  process.stdout.write(`${id}\n`);
  // A pause between leads, as between visitors: it also lets the process hear its input close
  // (SQLite's calls are synchronous, so the loop would never give way otherwise).
  await pause(2);
}
await db.destroy();
