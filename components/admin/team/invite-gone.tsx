import Link from 'next/link';
import { INVITE_GONE } from '@/lib/team/schemas';

/**
 * What an unknown, used or expired invitation link shows. Rendered by the page itself rather than
 * through notFound(): the page streams (Cache Components), so a 404 could not reach the status
 * line anyway, and a streamed not-found page shows nothing without JavaScript.
 */
export function InviteGone() {
  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-12">
      <div className="rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-brand-900 text-2xl font-bold">{INVITE_GONE.replace(/\.$/, '')}</h1>
        <p className="mt-4 text-slate-700">
          An invitation link works once, for 72 hours. Ask the owner to send you a new one, or sign in if you have already joined.
        </p>
        <p className="mt-6">
          <Link href="/login" prefetch={false} className="text-brand-800 underline underline-offset-2">
            Go to sign-in
          </Link>
        </p>
      </div>
    </div>
  );
}
