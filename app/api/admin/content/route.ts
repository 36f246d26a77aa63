import { connection, NextResponse } from 'next/server';
import { getAdminSession } from '@/lib/auth/session.server';
import { readContentForEdit } from '@/lib/content/mutations.server';
import { getDb } from '@/lib/db/index.server';

/**
 * GET /api/admin/content: the stored content tree, uncached, for inline edit mode, so the owner
 * edits what is in the database rather than whatever copy of the page the browser holds.
 */
export async function GET() {
  await connection();
  const headers = { 'Cache-Control': 'no-store' };
  if (!(await getAdminSession()))
    return NextResponse.json({ error: 'Your session has ended. Please sign in again.' }, { status: 401, headers });
  const { content, revision } = await readContentForEdit(await getDb());
  return NextResponse.json({ content, revision }, { headers });
}
