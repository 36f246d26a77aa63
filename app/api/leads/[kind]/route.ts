import { env } from '@/lib/env.server';
import { clientAddress } from '@/lib/http/client-address';
import { FORM_BODY_LIMIT } from '@/lib/http/form-body-limit';
import { answerLeadPost } from '@/lib/leads/lead-post.server';

/**
 * The lead endpoint (lib/leads/endpoint.ts) where Next serves it: `next dev`, or a server other
 * than the start script, which answers these posts itself before Next (scripts/lead-endpoint.ts).
 */
export async function POST(request: Request) {
  const length = Number(request.headers.get('content-length'));
  if (!Number.isInteger(length) || length > FORM_BODY_LIMIT) {
    return Response.json({ error: 'The form is too large or states no length.' }, { status: 413 });
  }
  const body = Buffer.from(await request.arrayBuffer());
  if (body.length > FORM_BODY_LIMIT) return Response.json({ error: 'The form is too large.' }, { status: 413 });
  const answer = await answerLeadPost(
    {
      path: new URL(request.url).pathname,
      contentType: request.headers.get('content-type') ?? undefined,
      body,
      origin: request.headers.get('origin') ?? undefined,
      host: request.headers.get('host') ?? undefined,
      clientAddress: clientAddress(request.headers, env.TRUST_PROXY),
      userAgent: request.headers.get('user-agent') ?? '',
    },
    { siteUrl: env.SITE_URL },
  );
  return new Response(answer.body, {
    status: answer.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
