import 'server-only';
import { connection } from 'next/server';
import { cache } from 'react';
import { requireAdminPage } from '../auth/session.server';
import { getDb } from '../db/index.server';
import type { AdminContext } from './action.server';

/**
 * The session (or a redirect to /login) and the database, for the admin layout and every admin
 * page. Each page calls it itself: a layout's check does not guard a page's data (Next renders
 * them in parallel, and a client navigation may render the page alone). `cache` makes it one
 * session lookup per request however many segments ask.
 */
export const adminPageContext = cache(async (): Promise<AdminContext> => {
  await connection();
  const session = await requireAdminPage();
  return { session, db: await getDb() };
});
