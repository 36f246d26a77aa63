'use server';

import { refresh } from 'next/cache';
import { adminAction, adminFormAction } from '../../admin/action.server';
import type { AdminContext } from '../../admin/context';
import { fail, succeed } from '../../admin/result';
import { CacheTag } from '../../cache/tags';
import { addLicense, removeLicense, updateLicense } from '../mutations.server';
import { licenseIdSchema, licenseInputSchema, licenseUpdateSchema } from '../schema';
import type { License } from '../types';
import { stateName } from '../us-states';

/**
 * Licenses (owner only): the broker's state licenses, shown on the licenses page and read by the
 * routing of leads by state. Each write and its activity log entry commit together; the entry
 * names the license (state, type, number: the broker's public facts, never a customer's), so even
 * a removal leaves its trace. Then the licenses page expires on every instance (ADR 014) and the
 * admin page shows the new list.
 */

const expires = [CacheTag.licenses];

const GONE = 'This license was removed elsewhere.';
const DUPLICATE = 'This license (same state, type and number) is already listed.';

/** What an activity log entry says of a license: short values. */
const described = (license: License) => ({
  state: license.state,
  type: license.type.slice(0, 80),
  number: license.number.slice(0, 60),
});

const invalid = (title: string) => (fieldErrors: Record<string, string>) =>
  fail(title, 'Some fields need attention.', fieldErrors);

const named = (license: License) => `${stateName(license.state)} ${license.type} ${license.number}`;

export const addLicenseAction = adminFormAction(
  licenseInputSchema,
  async (input, { db, log }: AdminContext) => {
    const added = await db.transaction().execute(async (trx) => {
      const license = await addLicense(trx, input);
      if (license !== 'duplicate') await log({ action: 'license_added', target: license.id, detail: described(license) }, trx);
      return license;
    });
    if (added === 'duplicate') return fail('❌ License Not Added', DUPLICATE, { number: DUPLICATE });
    refresh();
    return succeed({ title: '✅ License Added', message: `${named(added)} is listed on the licenses page.`, data: added });
  },
  { permission: 'security', expires, invalid: invalid('❌ License Not Added') },
);

export const updateLicenseAction = adminFormAction(
  licenseUpdateSchema,
  async ({ id, ...input }, { db, log }: AdminContext) => {
    const updated = await db.transaction().execute(async (trx) => {
      const license = await updateLicense(trx, id, input);
      if (typeof license !== 'string')
        await log({ action: 'license_updated', target: license.id, detail: described(license) }, trx);
      return license;
    });
    if (updated === 'not-found') return fail('❌ License Not Found', GONE);
    if (updated === 'duplicate') return fail('❌ License Not Saved', DUPLICATE, { number: DUPLICATE });
    refresh();
    return succeed({ title: '✅ License Saved', message: `${named(updated)} is saved.`, data: updated });
  },
  { permission: 'security', expires, invalid: invalid('❌ License Not Saved') },
);

export const removeLicenseAction = adminAction(
  licenseIdSchema,
  async ({ id }, { db, log }: AdminContext) => {
    const removed = await db.transaction().execute(async (trx) => {
      const license = await removeLicense(trx, id);
      if (license) await log({ action: 'license_removed', target: license.id, detail: described(license) }, trx);
      return license;
    });
    if (!removed) return fail('❌ License Not Found', GONE);
    refresh();
    return succeed({
      title: '🗑️ License Removed',
      message: `${named(removed)} is no longer listed on the licenses page. The activity log keeps a record of it.`,
    });
  },
  { permission: 'security', expires },
);
