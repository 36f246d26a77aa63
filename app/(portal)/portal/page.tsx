import type { Metadata } from 'next';
import { connection } from 'next/server';
import { BorrowerFile } from '@/components/portal/borrower-file';
import { outcomeOfQuery } from '@/components/portal/outcome-param';
import { SignInRequest, type SignInNotice } from '@/components/portal/sign-in-request';
import { getDb } from '@/lib/db/index.server';
import { borrowerView } from '@/lib/loan-files/portal-view.server';
import { signedInFile } from '@/lib/loan-files/portal-session-cookie.server';

export const metadata: Metadata = { title: 'Your loan file' };

type Query = Record<string, string | string[] | undefined>;

const NOTICES = ['sent', 'expired', 'invalid'] as const;

function noticeOf(query: Query): SignInNotice {
  const link = query.link;
  if (typeof link === 'string' && (NOTICES as readonly string[]).includes(link)) return link as SignInNotice;
  return query['signed-out'] ? 'signed-out' : null;
}

/**
 * /portal: the borrower's loan file once signed in by an e-mailed link (./sign-in), else the form
 * that asks for one. Rendered per request for the cookie it reads; never cached (proxy.ts).
 */
export default async function PortalPage({ searchParams }: { searchParams: Promise<Query> }) {
  await connection();
  const query = await searchParams;
  const signedIn = await signedInFile();
  const view = signedIn ? await borrowerView(await getDb(), signedIn.fileId) : null;
  if (!view) return <SignInRequest notice={noticeOf(query)} />;
  return <BorrowerFile view={view} outcome={outcomeOfQuery(query)} />;
}
