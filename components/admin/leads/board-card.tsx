'use client';

import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { Assignee } from '@/lib/leads/pipeline/types';
import { BOARD_STATUSES, type BoardStatus } from '@/lib/leads/pipeline/board';
import type { BoardCard as Card } from '@/lib/leads/pipeline/types';
import { KIND_LABELS, statusLabel } from '@/lib/leads/statuses';
import { OutsideLicensesBadge } from './outside-licenses-badge';
import { PossibleBotBadge } from './possible-bot-badge';

/**
 * One lead on the board. With a mouse it is dragged to another column (native HTML5 drag and
 * drop); with a keyboard or a screen reader its 'Move' menu button lists the other statuses.
 */
export function BoardCard({
  card,
  status,
  today,
  assignees,
  onOpen,
  onMove,
}: {
  card: Card;
  status: BoardStatus;
  today: string;
  assignees: Assignee[];
  onOpen: (id: string) => void;
  onMove: (card: Card, to: BoardStatus) => void;
}) {
  const name = card.name || card.email || 'Unnamed lead';
  const overdue = card.followUpOn !== null && card.followUpOn < today && status !== 'won' && status !== 'lost';
  const assignee = assignees.find((a) => a.id === card.assigneeId)?.label;
  return (
    <li
      draggable
      data-testid="board-card"
      data-lead-id={card.id}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', card.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      className="cursor-grab space-y-1 rounded-lg border border-slate-300 bg-white p-3 shadow-sm active:cursor-grabbing"
    >
      <button
        type="button"
        onClick={() => onOpen(card.id)}
        className="text-brand-800 text-left font-semibold break-words underline-offset-2 hover:underline"
      >
        {name}
      </button>
      <p className="text-sm text-slate-700">{KIND_LABELS[card.kind].label}</p>
      {card.possibleBot && (
        <p className="text-sm">
          <PossibleBotBadge signals={card.botSignals} />
        </p>
      )}
      {card.outsideLicenses && (
        <p className="text-sm">
          <OutsideLicensesBadge state={card.propertyState} />
        </p>
      )}
      {card.followUpOn && (
        <p className={`text-sm ${overdue ? 'font-semibold text-red-800' : 'text-slate-700'}`}>
          {overdue ? 'Overdue: ' : 'Follow up '}
          {card.followUpOn}
        </p>
      )}
      {assignee && <p className="text-sm text-slate-700">Assigned to {assignee}</p>}
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          data-move-id={card.id}
          aria-label={`Move ${name}`}
          className="inline-flex items-center gap-1 rounded-md border border-slate-400 bg-white px-2 py-1 text-sm font-medium hover:bg-slate-100"
        >
          Move <ChevronDown aria-hidden="true" className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="start" className="z-40 min-w-48 rounded-md border border-slate-300 bg-white p-1 shadow-lg">
            {BOARD_STATUSES.filter((s) => s !== status).map((to) => (
              <DropdownMenu.Item
                key={to}
                onSelect={() => onMove(card, to)}
                className="data-highlighted:bg-brand-700 cursor-pointer rounded px-3 py-2 text-sm text-slate-900 outline-none data-highlighted:text-white"
              >
                Move to {statusLabel(to)}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </li>
  );
}
