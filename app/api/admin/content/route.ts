import { connection, NextResponse } from 'next/server';
import { adminRouteContext } from '@/lib/admin/route-context.server';
import { readContentForEdit } from '@/lib/content/mutations.server';

/**
 * GET /api/admin/content: the stored content tree, uncached, for inline edit mode, so the owner
 * edits what is in the database rather than whatever copy of the page the browser holds.
 */
export async function GET() {
  await connection();
  const headers = { 'Cache-Control': 'no-store' };
  const context = await adminRouteContext('content');
  if (context instanceof Response) return context;
  const { content, revision } = await readContentForEdit(context.db);
  return NextResponse.json({ content, revision }, { headers });
}
