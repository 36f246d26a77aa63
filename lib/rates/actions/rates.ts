'use server';

import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { CacheTag } from '../../cache/tags';
import { ratesAdCopy } from '../../compliance/findings.server';
import { addRate, deleteRate, reorderRates, updateRate } from '../mutations.server';
import { rateInputSchema } from '../schema';

const id = z.string().min(1).max(64);

// Every rate write changes both the list and its 'Last updated' date: one tag covers both.
const expires = [CacheTag.rates];

// The rate mutations own their transactions: each entry is written once the change is committed.

export const addRateAction = adminAction(
  z.undefined(),
  async (_input, { db, log }) => {
    const rate = await addRate(db);
    await log({ action: 'rate_created', target: rate.id });
    return succeed({ title: '✅ New Rate Added', message: 'Fill in its details below.', data: rate });
  },
  { permission: 'content', expires },
);

/**
 * One rate's fields, saved as the owner leaves a field; the errors are keyed by field name. The
 * saved rate comes back with its ad-copy warnings, which never stop a save (issue 31).
 */
export const updateRateAction = adminAction(
  rateInputSchema.safeExtend({ id }),
  async ({ id: rateId, ...input }, { db, log }) => {
    const rate = await updateRate(db, rateId, input);
    if (!rate) return fail('❌ Rate Not Found', 'This rate was deleted elsewhere.');
    await log({ action: 'rate_updated', target: rate.id, detail: { type: rate.type.slice(0, 80) } });
    return succeed({ title: '✅ Rate Saved', data: { rate, adCopy: await ratesAdCopy(db, [rate]) } });
  },
  {
    permission: 'content',
    expires,
    invalid: (fieldErrors) => fail('❌ Rate Not Saved', 'Some fields need attention.', fieldErrors),
  },
);

export const deleteRateAction = adminAction(
  z.object({ id }),
  async ({ id: rateId }, { db, log }) => {
    if (await deleteRate(db, rateId)) await log({ action: 'rate_deleted', target: rateId });
    return succeed({ title: '🗑️ Rate Deleted', message: 'The rate was removed from the site.' });
  },
  { permission: 'content', expires },
);

export const reorderRatesAction = adminAction(
  z.object({ ids: z.array(id).max(200) }),
  async ({ ids }, { db, log }) => {
    const rates = await reorderRates(db, ids);
    await log({ action: 'rates_reordered', detail: { rates: rates.length } });
    return succeed({ title: '✅ Order Saved', data: rates });
  },
  { permission: 'content', expires },
);
