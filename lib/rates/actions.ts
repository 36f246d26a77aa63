'use server';

import { z } from 'zod';
import { adminAction } from '../admin/action.server';
import { fail, succeed } from '../admin/result';
import { CacheTag } from '../cache/tags';
import { addRate, deleteRate, reorderRates, updateRate } from './mutations.server';
import { rateInputSchema } from './schema';

const id = z.string().min(1).max(64);

// Every rate write changes both the list and its 'Last updated' date: one tag covers both.
const expires = [CacheTag.rates];

export const addRateAction = adminAction(
  z.undefined(),
  async (_input, { db }) =>
    succeed({ title: '✅ New Rate Added', message: 'Fill in its details below.', data: await addRate(db) }),
  { permission: 'content', expires },
);

/** One rate's fields, saved as the owner leaves a field; the errors are keyed by field name. */
export const updateRateAction = adminAction(
  rateInputSchema.safeExtend({ id }),
  async ({ id: rateId, ...input }, { db }) => {
    const rate = await updateRate(db, rateId, input);
    if (!rate) return fail('❌ Rate Not Found', 'This rate was deleted elsewhere.');
    return succeed({ title: '✅ Rate Saved', data: rate });
  },
  {
    permission: 'content',
    expires,
    invalid: (fieldErrors) => fail('❌ Rate Not Saved', 'Some fields need attention.', fieldErrors),
  },
);

export const deleteRateAction = adminAction(
  z.object({ id }),
  async ({ id: rateId }, { db }) => {
    await deleteRate(db, rateId);
    return succeed({ title: '🗑️ Rate Deleted', message: 'The rate was removed from the site.' });
  },
  { permission: 'content', expires },
);

export const reorderRatesAction = adminAction(
  z.object({ ids: z.array(id).max(200) }),
  async ({ ids }, { db }) => succeed({ title: '✅ Order Saved', data: await reorderRates(db, ids) }),
  { permission: 'content', expires },
);
