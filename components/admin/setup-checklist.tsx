import { Circle, CircleCheck, CircleMinus } from 'lucide-react';
import Link from 'next/link';
import { progressText, type SetupChecklist, type SetupItem, type SetupItemStatus } from '@/lib/setup-checklist/summary';
import { ShowChecklistAgainButton, SkipItemButton } from './setup-checklist-buttons';

/** Each state in words (never by colour alone), with an icon and a colour beside them. */
const STATUS = {
  done: { text: 'Done', Icon: CircleCheck, icon: 'text-green-700', badge: 'bg-green-100 text-green-900' },
  todo: { text: 'To do', Icon: Circle, icon: 'text-amber-700', badge: 'bg-amber-100 text-amber-950' },
  skipped: { text: 'Skipped', Icon: CircleMinus, icon: 'text-slate-500', badge: 'bg-slate-200 text-slate-800' },
} as const satisfies Record<SetupItemStatus, object>;

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

function ItemRow({ item }: { item: SetupItem }) {
  const { text, Icon, icon, badge } = STATUS[item.status];
  const done = item.status === 'done';
  return (
    <li className="flex flex-wrap items-start gap-3 py-3" data-testid="setup-item">
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${icon}`} />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold text-slate-900">
          {item.label}{' '}
          <span className={`ml-1 rounded-full px-2 py-0.5 text-xs font-semibold ${badge}`} data-testid="setup-item-status">
            {text}
          </span>
        </p>
        <p className="text-sm text-slate-700">
          {done ? item.doneText : item.todoText}
          {item.at && ` Last: ${formatTime(item.at)}.`}
        </p>
        {!done && item.link && (
          <p className="text-sm">
            <Link href={item.link.href} prefetch={false} className="text-brand-800 font-medium underline underline-offset-2">
              {item.link.text}
            </Link>
          </p>
        )}
      </div>
      {!done && <SkipItemButton item={item.id} label={item.label} skipped={item.status === 'skipped'} />}
    </li>
  );
}

/**
 * The top of the Overview for the owner (issue 33, point 2): what a new site still needs, each
 * with the page that does it, until every item is done or skipped.
 */
export function SetupChecklistSection({ checklist }: { checklist: SetupChecklist }) {
  if (checklist.open === 0) return null;
  return (
    <section aria-labelledby="setup-checklist-title" className="mb-6 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="setup-checklist-title" className="text-brand-900 text-lg font-semibold">
        Set up your site
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="setup-progress">
        {progressText(checklist)}. The list goes away once every item is done or skipped.
      </p>
      <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full bg-green-600" style={{ width: `${(checklist.done / checklist.total) * 100}%` }} />
      </div>
      <ul className="mt-2 divide-y divide-slate-200">
        {checklist.items.map((item) => (
          <ItemRow key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

/** Below the Overview once the list is gone, while something on it was skipped rather than done. */
export function SetupChecklistFooter({ checklist }: { checklist: SetupChecklist }) {
  if (checklist.open > 0 || checklist.skipped === 0) return null;
  return (
    <div className="mt-10 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 text-sm text-slate-700">
      <p>The setup checklist is hidden: {progressText(checklist)}.</p>
      <ShowChecklistAgainButton />
    </div>
  );
}
