import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { submitLead } from '../../lib/leads/submit.server';
import { postgresUrl, tempPostgres } from '../support/temp-db';

/**
 * The lead rate limit with two instances on one PostgreSQL (two connection pools, so two group
 * commits whose transactions run at the same moment): the leads one address sends to both count
 * together, exactly.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.runIf(postgresUrl)('lead rate limit across instances', () => {
  it('stores exactly the flood threshold of twenty leads sent by one address to two instances at once', async () => {
    const handle = await tempPostgres(postgresUrl!, { migrated: true });
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    const other = connect({ kind: 'postgres', url: handle.url });
    cleanups.push(() => other.destroy());
    const instances = [handle.db, other];
    // Both pools connected beforehand, so neither instance's transaction waits for a connection
    // while the other's commits.
    await Promise.all(instances.map((db) => db.selectFrom('leads').select('id').execute()));
    const log = { error: vi.fn(), warn: vi.fn() };
    // Rate limit 2: the 3rd to 6th lead of an address are a burst (marked "Possible bot"), the 7th
    // to 10th far beyond the limit (spam), the 11th and later refused.
    const spam = { minFillSeconds: 0, rateLimit: 2, windowMinutes: 10 };

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submitLead(
          'contact',
          { from_name: 'Ann', from_email: 'ann@example.com', message: `Lead ${i}` },
          { clientAddress: '198.51.100.30', userAgent: 'test' },
          { db: async () => instances[i % 2]!, spam, log, wake: () => undefined },
        ),
      ),
    );
    expect(results.map((r) => (r?.ok ? 'stored' : r?.reason)).sort()).toEqual([
      ...Array<string>(10).fill('limited'),
      ...Array<string>(10).fill('stored'),
    ]);
    const stored = await handle.db.selectFrom('leads').select(['is_spam', 'possible_bot']).execute();
    const judged = stored.map((lead) => (Number(lead.is_spam) ? 'spam' : Number(lead.possible_bot) ? 'possible bot' : 'lead'));
    expect(judged.sort()).toEqual([
      ...Array<string>(2).fill('lead'),
      ...Array<string>(4).fill('possible bot'),
      ...Array<string>(4).fill('spam'),
    ]);
  });
});
