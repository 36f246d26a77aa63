import { actionLabel, detailText } from '@/lib/activity/format';
import type { ActivityLogEntry } from '@/lib/activity/types';
import { formatLogTime } from './styles';

/** One page of entries: who did what to which row, when, and from which address. */
export function ActivityTable({ entries }: { entries: ActivityLogEntry[] }) {
  return (
    <>
      <p className="text-sm text-slate-700">
        What each account did. Times are in UTC; the client address is the one the request came from.
      </p>
      <div
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        role="region"
        aria-label="Activity log entries"
        tabIndex={0}
      >
        <table className="w-full min-w-[52rem] text-left text-sm">
          <caption className="p-3 text-left font-medium text-slate-800">Entries, newest first</caption>
          <thead>
            <tr className="border-b border-slate-300 bg-slate-50">
              <th scope="col" className="p-2">
                Time (UTC)
              </th>
              <th scope="col" className="p-2">
                Who
              </th>
              <th scope="col" className="p-2">
                Action
              </th>
              <th scope="col" className="p-2">
                Target
              </th>
              <th scope="col" className="p-2">
                Details
              </th>
              <th scope="col" className="p-2">
                Client address
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="activity-entry" className="border-b border-slate-200 align-top">
                <td className="p-2 whitespace-nowrap">
                  <time dateTime={entry.at}>{formatLogTime(entry.at)}</time>
                </td>
                <td className="p-2 break-words">{entry.actor}</td>
                <td className="p-2">{actionLabel(entry.action)}</td>
                <td className="p-2 font-mono text-xs break-all">{entry.target}</td>
                <td className="p-2 break-words">{detailText(entry.detail)}</td>
                <td className="p-2 font-mono text-xs break-all">{entry.ip}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
