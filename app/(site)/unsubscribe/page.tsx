import type { Metadata } from 'next';
import { UnsubscribePanel, type UnsubscribeDone } from '@/components/consent/unsubscribe-panel';
import { TOKEN_PARAM } from '@/lib/consent/paths';
import { linkState } from '@/lib/consent/unsubscribe.server';
import { getSiteContent } from '@/lib/content/queries.server';
import { getDb } from '@/lib/db/index.server';

export const metadata: Metadata = {
  title: 'Unsubscribe | Construction Loan Pros',
  robots: { index: false, follow: false },
};

/**
 * /unsubscribe?t=<token>: where the link at the foot of every e-mail to a visitor leads
 * (lib/consent/). Made per request from the token, whole (`instant = false`: no static shell
 * waiting for a streamed part), so it works without JavaScript; it reads and sets no cookie.
 * Its button posts to the same address, answered by the server (server/unsubscribe-endpoint.ts).
 */
export const instant = false;

type Query = Record<string, string | string[] | undefined>;

export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const token = typeof query[TOKEN_PARAM] === 'string' ? query[TOKEN_PARAM] : '';
  const done: UnsubscribeDone = query.done === 'unsubscribe' || query.done === 'resubscribe' ? query.done : null;
  const [state, content] = await Promise.all([linkState(await getDb(), token), getSiteContent()]);
  return (
    <UnsubscribePanel
      token={token}
      state={state}
      done={done}
      contact={{ company: content.company.legalName, email: content.contact.email, phone: content.contact.phone }}
    />
  );
}
