import type { Metadata } from 'next';
import { connection } from 'next/server';
import { BorrowerFile } from '@/components/portal/borrower-file';
import { outcomeOfQuery } from '@/components/portal/outcome-param';
import { PasskeysSection } from '@/components/portal/passkeys-section';
import { SignInRequest, type SignInNotice } from '@/components/portal/sign-in-request';
import { getDb } from '@/lib/db/index.server';
import { isPasskeyNotice, PORTAL_PASSKEYS_PER_FILE } from '@/lib/loan-files/portal-passkeys';
import { listPortalPasskeys, signedInRecently } from '@/lib/loan-files/portal-passkeys.server';
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
 * /portal: the borrower's loan file once signed in by an e-mailed link (./sign-in) or a passkey,
 * with their passkeys below it, else the form that asks for a link beside "Sign in with a passkey". Rendered per request for the cookie it reads; never cached (proxy.ts).
 */
export default async function PortalPage({ searchParams }: { searchParams: Promise<Query> }) {
  await connection();
  const query = await searchParams;
  const signedIn = await signedInFile();
  const db = await getDb();
  const view = signedIn ? await borrowerView(db, signedIn.fileId) : null;
  if (!signedIn || !view) return <SignInRequest notice={noticeOf(query)} />;
  const passkeys = await listPortalPasskeys(db, signedIn.fileId);
  const canAdd = passkeys.length >= PORTAL_PASSKEYS_PER_FILE ? 'limit' : signedInRecently(signedIn, new Date()) ? 'yes' : 'stale';
  return (
    <div className="space-y-6">
      <BorrowerFile view={view} outcome={outcomeOfQuery(query)} />
      <PasskeysSection passkeys={passkeys} canAdd={canAdd} notice={isPasskeyNotice(query.passkey) ? query.passkey : null} />
    </div>
  );
}
