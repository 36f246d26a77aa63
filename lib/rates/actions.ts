'use server';

import { expireAfterWrite } from '../cache/expire.server';
import { z } from 'zod';
import { fieldErrorsOf, INVALID_REQUEST, SIGNED_OUT, type AdminResult } from '../admin/result';
import { getAdminSession } from '../auth/session.server';
import { CacheTag } from '../cache/tags';
import { getDb } from '../db/index.server';
import { addRate, deleteRate, reorderRates, updateRate } from './mutations.server';
import { rateInputSchema } from './schema';
import type { Rate } from './types';

const id = z.string().min(1).max(64);

// Every rate write changes both the list and its 'Last updated' date: one tag covers both.
function changed() {
  expireAfterWrite(CacheTag.rates);
}

export async function addRateAction(): Promise<AdminResult<Rate>> {
  if (!(await getAdminSession())) return SIGNED_OUT;
  const rate = await addRate(await getDb());
  changed();
  return { ok: true, title: '✅ New Rate Added', message: 'Fill in its details below.', data: rate };
}

export async function updateRateAction(rateId: string, input: unknown): Promise<AdminResult<Rate>> {
  if (!(await getAdminSession())) return SIGNED_OUT;
  const parsed = rateInputSchema.safeParse(input);
  if (!id.safeParse(rateId).success) return INVALID_REQUEST;
  if (!parsed.success) {
    return {
      ok: false,
      title: '❌ Rate Not Saved',
      error: 'Some fields need attention.',
      fieldErrors: fieldErrorsOf(parsed.error.issues),
    };
  }
  const rate = await updateRate(await getDb(), rateId, parsed.data);
  if (!rate) return { ok: false, title: '❌ Rate Not Found', error: 'This rate was deleted elsewhere.' };
  changed();
  return { ok: true, title: '✅ Rate Saved', data: rate };
}

export async function deleteRateAction(rateId: string): Promise<AdminResult> {
  if (!(await getAdminSession())) return SIGNED_OUT;
  if (!id.safeParse(rateId).success) return INVALID_REQUEST;
  await deleteRate(await getDb(), rateId);
  changed();
  return { ok: true, title: '🗑️ Rate Deleted', message: 'The rate was removed from the site.' };
}

export async function reorderRatesAction(ids: string[]): Promise<AdminResult<Rate[]>> {
  if (!(await getAdminSession())) return SIGNED_OUT;
  const parsed = z.array(id).max(200).safeParse(ids);
  if (!parsed.success) return INVALID_REQUEST;
  const rates = await reorderRates(await getDb(), parsed.data);
  changed();
  return { ok: true, title: '✅ Order Saved', data: rates };
}
