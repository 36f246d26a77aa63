import 'server-only';
import { Download } from 'lucide-react';
import Link from 'next/link';
import { activityQuery, parseActivityParams, type ActivityFilter } from '@/lib/activity/filter';
import { activityPage } from '@/lib/activity/queries.server';
import { SYSTEM_ACTOR, actorOf } from '@/lib/activity/record.server';
import type { AdminContext } from '@/lib/admin/context';
import { fieldErrorsOf } from '@/lib/admin/result';
import { listAccounts } from '@/lib/auth/accounts.server';
import { can } from '@/lib/auth/roles';
import { ActivityFilters, SECTION_HREF } from './activity-filters';
import { ActivityTable } from './activity-table';
import { buttonClass } from './styles';

type SearchParams = Record<string, string | string[] | undefined>;

const PARAMETER_LABELS: Record<string, string> = {
  action: 'Action',
  actor: 'Who',
  from: 'From',
  to: 'To',
  q: 'Target contains',
  older: 'Page',
  newer: 'Page',
};

const sectionHref = (query: string) => (query ? `/admin/security?${query}#activity-log` : SECTION_HREF);

/**
 * Security: 'Activity log' (owner only). Who did what, when, to which row and from where, as the
 * FTC Safeguards Rule asks a broker to monitor; filtered and paged on the server from the
 * page's address, exported as CSV.
 */
export async function ActivityLogSection({
  context,
  searchParams,
}: {
  context: AdminContext;
  searchParams: Promise<SearchParams>;
}) {
  if (!can(context.account.role, 'security')) return null;
  const params = toUrlParams(await searchParams);
  const parsed = parseActivityParams(params);
  const actors = [...(await listAccounts(context.db)).map((a) => actorOf(a).label), SYSTEM_ACTOR.label];
  return (
    <section id="activity-log" aria-labelledby="activity-log-title" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="activity-log-title" className="text-brand-900 text-xl font-semibold">
          Activity log
        </h2>
        {parsed.success && (
          // No `download` attribute: a stale sign-in is sent to confirm first, which must open as a
          // page; the CSV itself still downloads (the route answers it as an attachment).
          <a className={buttonClass} href={exportHref(parsed.data)}>
            <Download aria-hidden="true" className="size-4" /> Export CSV
          </a>
        )}
      </div>
      <ActivityFilters filter={parsed.success ? parsed.data : {}} actors={actors} />
      {parsed.success ? (
        <ActivityResults context={context} filter={parsed.data} />
      ) : (
        <InvalidFilter params={params} issues={parsed.error.issues} />
      )}
    </section>
  );
}

async function ActivityResults({ context, filter }: { context: AdminContext; filter: ActivityFilter }) {
  const page = await activityPage(context.db, filter);
  const filtered = Boolean(filter.action || filter.actor || filter.from || filter.to || filter.q);
  if (page.entries.length === 0) {
    return (
      <div className="space-y-2 rounded-lg border border-dashed border-slate-400 p-6 text-center text-slate-700">
        <p>{filtered ? 'No activity matches these filters.' : 'No activity has been recorded yet.'}</p>
        {(filter.older || filter.newer) && (
          <Link href={sectionHref(activityQuery(filter))} className="text-brand-800 font-medium underline underline-offset-2">
            Show the newest entries
          </Link>
        )}
      </div>
    );
  }
  return (
    <>
      <ActivityTable entries={page.entries} />
      {(page.newer || page.older) && (
        <nav aria-label="Pages of the activity log" className="flex items-center gap-2">
          {page.newer && (
            <Link className={buttonClass} href={sectionHref(activityQuery(filter, { newer: page.newer }))}>
              Newer
            </Link>
          )}
          {page.older && (
            <Link className={buttonClass} href={sectionHref(activityQuery(filter, { older: page.older }))}>
              Older
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

function InvalidFilter({
  params,
  issues,
}: {
  params: URLSearchParams;
  issues: readonly { path: PropertyKey[]; message: string }[];
}) {
  const problems = Object.entries(fieldErrorsOf(issues));
  return (
    <div role="alert" className="space-y-2 rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-950">
      <p>
        <strong>❌ Filter Not Applied.</strong> Some filters in this address need attention, so no entries are shown:
      </p>
      <ul className="list-disc pl-5">
        {problems.map(([parameter, message]) => (
          <li key={parameter}>
            {PARAMETER_LABELS[parameter] ?? parameter} “{params.get(parameter) ?? ''}”: {message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The CSV export of the same filter, every page of it. */
function exportHref(filter: ActivityFilter): string {
  const query = activityQuery(filter);
  return query ? `/api/admin/activity/export?${query}` : '/api/admin/activity/export';
}

function toUrlParams(searchParams: SearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  }
  return params;
}
