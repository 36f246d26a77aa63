import { revalidateTag } from 'next/cache';
import { connection } from 'next/server';
import { z } from 'zod';
import { ALL_CACHE_TAGS } from '@/lib/cache/tags';
import { isServerCall } from '@/lib/http/server-call';

const body = z.object({ tags: z.array(z.enum(ALL_CACHE_TAGS)).min(1) });

/**
 * Called by the server (server/cache-sync.ts) when another instance on the database expired cache
 * tags: expires them in this process's Next caches too. Any other caller gets a 404.
 */
export async function POST(request: Request) {
  await connection();
  if (!isServerCall(request.headers)) return new Response('Not found', { status: 404 });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'Unknown cache tags.' }, { status: 400 });
  for (const tag of parsed.data.tags) revalidateTag(tag, { expire: 0 });
  return new Response(null, { status: 204 });
}
