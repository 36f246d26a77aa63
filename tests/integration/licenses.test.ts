import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { LicenseTable } from '../../components/licenses/license-table';
import { StateNotices } from '../../components/licenses/state-notices';
import { addLicense, removeLicense, updateLicense } from '../../lib/licenses/mutations.server';
import { findLicense, isLicensedIn, licensedStates, listLicenses } from '../../lib/licenses/queries.server';
import { licenseInputSchema, type LicenseInput } from '../../lib/licenses/schema';
import { pageNotices, TEXAS_NOTICE } from '../../lib/licenses/state-notices';
import type { License } from '../../lib/licenses/types';
import { engines, seededDatabases } from '../support/engines';

/**
 * The state licenses on both engines: what the owner's writes store, what routing asks of them,
 * what a removal keeps for the ad archive, and the licenses page's table and notices as the server
 * renders them from the stored rows.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const texas: LicenseInput = licenseInputSchema.parse({
  state: 'TX',
  type: 'Residential Mortgage Loan Company License',
  number: '1234567',
  regulatorName: 'Texas Department of Savings and Mortgage Lending',
  regulatorUrl: 'https://www.sml.texas.gov/',
  notice: TEXAS_NOTICE,
});
const california: LicenseInput = licenseInputSchema.parse({
  state: 'CA',
  type: 'Mortgage Broker License',
  number: '60DBO-00001',
  regulatorName: 'California Department of Financial Protection and Innovation',
});

const at = (day: number) => new Date(Date.UTC(2026, 10, day));

function renderPage(licenses: License[]): string {
  const notices = pageNotices(licenses);
  return renderToStaticMarkup(
    createElement('main', null, [
      createElement(LicenseTable, { key: 't', licenses, notices, holder: 'Construction Loan Pros' }),
      createElement(StateNotices, { key: 'n', notices }),
    ]),
  );
}

describe.each(engines)('state licenses (%s)', (_engine, open) => {
  const seeded = seededDatabases(cleanups, open);

  it('a new database holds none: no state is licensed and the page shows no table', async () => {
    const db = await seeded();
    expect(await listLicenses(db)).toEqual([]);
    expect(await licensedStates(db)).toEqual([]);
    expect(await isLicensedIn(db, 'TX')).toBe(false);
    expect(renderPage(await listLicenses(db))).toBe('<main></main>');
  });

  it('adds, edits and removes; routing sees the states held, a removal keeps its row', async () => {
    const db = await seeded();
    const tx = await addLicense(db, texas, at(2));
    if (tx === 'duplicate') throw new Error('not added');
    expect(tx).toMatchObject({
      state: 'TX',
      number: '1234567',
      regulatorUrl: 'https://www.sml.texas.gov/',
      notice: TEXAS_NOTICE,
    });
    expect(tx.createdAt).toBe('2026-11-02T00:00:00.000Z');
    const ca = await addLicense(db, california, at(3));
    if (ca === 'duplicate') throw new Error('not added');
    expect(ca).toMatchObject({ regulatorUrl: null, notice: '' });

    expect(await licensedStates(db)).toEqual(['CA', 'TX']);
    for (const state of ['TX', 'tx', ' tx ', 'CA']) expect(await isLicensedIn(db, state), state).toBe(true);
    for (const state of ['NV', 'Texas', '', 'T']) expect(await isLicensedIn(db, state), state).toBe(false);

    // The same license again changes nothing; the same number under another type is another license.
    expect(await addLicense(db, texas, at(4))).toBe('duplicate');
    const exempt = await addLicense(db, { ...texas, type: 'Exempt registration', notice: '' }, at(4));
    if (exempt === 'duplicate') throw new Error('not added');
    expect((await listLicenses(db)).map((l) => [l.state, l.type])).toEqual([
      ['CA', 'Mortgage Broker License'],
      ['TX', 'Residential Mortgage Loan Company License'],
      ['TX', 'Exempt registration'],
    ]);

    const edited = await updateLicense(db, ca.id, { ...california, number: '60DBO-00002' }, at(5));
    expect(edited).toMatchObject({
      id: ca.id,
      number: '60DBO-00002',
      createdAt: ca.createdAt,
      updatedAt: '2026-11-05T00:00:00.000Z',
    });
    // An edit into a copy of another license, or of one that is gone, changes nothing.
    expect(await updateLicense(db, exempt.id, texas, at(6))).toBe('duplicate');
    expect(await updateLicense(db, 'missing', texas, at(6))).toBe('not-found');
    expect(await findLicense(db, exempt.id)).toMatchObject({ type: 'Exempt registration', updatedAt: exempt.updatedAt });

    expect(await removeLicense(db, ca.id, at(7))).toMatchObject({ id: ca.id, number: '60DBO-00002' });
    expect(await removeLicense(db, ca.id, at(8))).toBeNull();
    expect(await updateLicense(db, ca.id, california, at(8))).toBe('not-found');
    expect(await licensedStates(db)).toEqual(['TX']);
    expect(await isLicensedIn(db, 'CA')).toBe(false);
    expect(await findLicense(db, ca.id)).toBeNull();
    const kept = await db.selectFrom('state_licenses').selectAll().where('id', '=', ca.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      license_number: '60DBO-00002',
      created_at: '2026-11-03T00:00:00.000Z',
      updated_at: '2026-11-07T00:00:00.000Z',
      removed_at: '2026-11-07T00:00:00.000Z',
    });
    // A removed license may be recorded again.
    expect(await addLicense(db, { ...california, number: '60DBO-00002' }, at(9))).toMatchObject({ state: 'CA' });
  });

  it('the page: a table of the licenses held, linked to their regulators, and the Texas notice under its heading', async () => {
    const db = await seeded();
    await addLicense(db, { ...texas, notice: '' }, at(2));
    await addLicense(db, california, at(3));
    const removed = await addLicense(db, { ...california, state: 'NV', number: 'NV-1' }, at(3));
    if (removed === 'duplicate') throw new Error('not added');
    await removeLicense(db, removed.id, at(4));

    const html = renderPage(await listLicenses(db));
    expect(html).toContain('<caption id="license-table-caption"');
    expect(html).toContain('State licenses and registrations held by Construction Loan Pros</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(5);
    // Rows by state name, each state the row's header; a removed license is not shown.
    expect([...html.matchAll(/<th scope="row"[^>]*>([^<]+)<\/th>/g)].map((m) => m[1])).toEqual(['California', 'Texas']);
    expect(html).not.toContain('NV-1');
    expect(html).toContain(
      '<a href="https://www.sml.texas.gov/" class="text-brand-700 font-medium underline" rel="noopener noreferrer" target="_blank">Texas Department of Savings and Mortgage Lending</a>',
    );
    expect(html).toContain(
      '<td class="border-t border-slate-200 px-3 py-2 align-top">California Department of Financial Protection and Innovation</td>',
    );
    // The Texas row links to the notice, which the rule's text fills even with the field left empty.
    expect(html).toContain('<a href="#notice-tx" class="text-brand-700 font-medium underline">Texas notice</a>');
    expect(html).toContain('<section id="notice-tx" aria-labelledby="notice-tx-title"');
    expect(html).toContain('Texas Consumer Complaint and Recovery Fund Notice</h3>');
    expect(html).toContain('Required by 7 TAC §81.200(c).');
    for (const paragraph of TEXAS_NOTICE.split('\n\n')) expect(html).toContain(paragraph.replaceAll("'", '&#x27;'));
    // Without a Texas license, no Texas notice.
    const withoutTexas = renderPage((await listLicenses(db)).filter((l) => l.state !== 'TX'));
    expect(withoutTexas).not.toContain('notice-tx');
    expect(withoutTexas).not.toContain('Notices required by state');
  });
});
