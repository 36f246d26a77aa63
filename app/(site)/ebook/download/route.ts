import { connection } from 'next/server';
import { getSiteContent } from '@/lib/content/queries.server';
import { getDb } from '@/lib/db/index.server';
import { readMedia } from '@/lib/media/store.server';

/** GET /ebook/download: the ebook PDF the owner uploaded, as a download; 404 until there is one. */
export async function GET() {
  await connection();
  const id = (await getSiteContent()).ebook.pdfMediaId;
  const pdf = id ? await readMedia(await getDb(), id) : null;
  if (!pdf || pdf.contentType !== 'application/pdf') {
    return new Response('The ebook is not available yet.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.bytes.length),
      'Content-Disposition': 'attachment; filename="construction-loan-guide.pdf"',
      'Cache-Control': 'public, max-age=0, must-revalidate',
    },
  });
}
