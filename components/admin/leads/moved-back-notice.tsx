'use client';

import Link from 'next/link';
import { useState, useTransition } from 'react';
import { dismissMovedBackAction } from '@/lib/leads/actions/admin';
import { leadButton } from './lead-filters';
import { leadsHref } from './leads-href';

/** How many leads an earlier version hid as spam on a weak signal and the update brought back (ADR 030). */
export function MovedBackNotice({ movedBack }: { movedBack: { count: number } }) {
  const [shown, setShown] = useState(true);
  const [pending, startTransition] = useTransition();
  if (!shown) return null;
  const leads = movedBack.count === 1 ? '1 lead' : `${movedBack.count.toLocaleString('en-US')} leads`;
  return (
    <div
      role="status"
      data-testid="moved-back-notice"
      className="mb-5 space-y-2 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950"
    >
      <p>
        <strong>{leads} came back from the spam folder.</strong> An earlier version hid {movedBack.count === 1 ? 'it' : 'them'} as
        spam for being sent within 2 seconds or too often from one address, which people using autofill or sharing an office
        network do too. {movedBack.count === 1 ? 'It is' : 'They are'} in your list now, marked “Possible bot”; no alert was sent
        for {movedBack.count === 1 ? 'it' : 'them'}.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link className={leadButton} href={leadsHref({ bot: 'possible' })}>
          Show possible bots
        </Link>
        <button
          type="button"
          className={leadButton}
          disabled={pending}
          onClick={() =>
            startTransition(async () => {
              if ((await dismissMovedBackAction({})).ok) setShown(false);
            })
          }
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
