import Link from 'next/link';
import { formatDuration } from '@/lib/overview/format';
import type { OverviewFigures } from '@/lib/overview/figures';

/** The overview's headline figures: how many leads came, how many wait, how fast they are answered. */

function Card({ term, value, note }: { term: string; value: React.ReactNode; note?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{term}</dt>
      {/* A number stands large; a duration in words a size smaller, so it fits a phone's column. */}
      <dd className={`text-brand-900 mt-1 font-bold tabular-nums ${typeof value === 'number' ? 'text-3xl' : 'text-xl'}`}>
        {value}
      </dd>
      {note && <dd className="mt-1 text-sm text-slate-700">{note}</dd>}
    </div>
  );
}

export function FigureCards({ figures, now }: { figures: OverviewFigures; now: string }) {
  const { newLeads, notContacted, firstContact } = figures;
  const oldestAge = notContacted.oldestAt ? Date.parse(now) - Date.parse(notContacted.oldestAt) : null;
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="overview-figures">
      <Card term="New leads today" value={newLeads.today} note="Since midnight UTC" />
      <Card term="Last 7 days" value={newLeads.last7} note="New leads, today included" />
      <Card term="Last 30 days" value={newLeads.last30} note="New leads, today included" />
      <Card
        term="Not yet contacted"
        value={notContacted.count}
        note={
          oldestAge === null ? (
            'None waiting'
          ) : (
            <>
              Oldest waiting {formatDuration(oldestAge)}.{' '}
              <Link href="/admin/leads?status=new" prefetch={false} className="text-brand-700 underline underline-offset-2">
                See them
              </Link>
            </>
          )
        }
      />
      <Card
        term="Median time to first contact"
        value={firstContact.medianMs === null ? 'None yet' : formatDuration(firstContact.medianMs)}
        note={
          firstContact.leads === 0
            ? 'No lead of the last 30 days contacted yet'
            : `Over ${firstContact.leads} ${firstContact.leads === 1 ? 'lead' : 'leads'} of the last 30 days`
        }
      />
    </dl>
  );
}
