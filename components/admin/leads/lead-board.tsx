'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { moveLeadAction } from '@/lib/leads/actions/admin';
import type { Assignee } from '@/lib/leads/pipeline/types';
import { columnTotal, type BoardStatus } from '@/lib/leads/pipeline/board';
import type { BoardCard as Card, BoardColumn } from '@/lib/leads/pipeline/types';
import { statusLabel } from '@/lib/leads/statuses';
import { BoardCard } from './board-card';
import { LostReasonDialog } from './lost-reason-dialog';

type Move = { card: Card; to: BoardStatus };
/** A move shown before the server's board has it: `on` is the board it was made on. */
type PendingMove = Move & { on: BoardColumn[] };

/**
 * The board with a card moved to another column at once, before the server's answer. A capped
 * count ('100+': more than the cap) keeps its figure: one lead in or out leaves it at least that.
 */
function withMove(columns: BoardColumn[], { card, to }: Move): BoardColumn[] {
  const step = (column: BoardColumn, by: number) => (column.totalCapped ? column.total : column.total + by);
  return columns.map((column) => {
    const had = column.cards.some((c) => c.id === card.id);
    if (column.status === to && !had) return { ...column, total: step(column, 1), cards: [card, ...column.cards] };
    if (column.status !== to && had)
      return { ...column, total: step(column, -1), cards: column.cards.filter((c) => c.id !== card.id) };
    return column;
  });
}

/**
 * The Leads page's board: a column per pipeline status. A card dropped on a column, or moved
 * there with its 'Move' menu, changes the lead's status on the server (recorded in its history);
 * 'Closed lost' asks for the reason first. Each move is announced in a live region, and a move
 * made from the keyboard leaves the focus on the card's menu button in its new column.
 */
export function LeadBoard({
  columns,
  assignees,
  today,
  onOpen,
}: {
  columns: BoardColumn[];
  assignees: Assignee[];
  today: string;
  onOpen: (id: string) => void;
}) {
  const router = useRouter();
  // A move shows at once and until the server's board replaces the one it was made on. Not
  // useOptimistic: that ends with the action, before router.refresh() (which returns no promise)
  // has brought the new board, so the old board flashed back in between (a card then sat where
  // the moved one had been, under the pointer of whoever went on dragging).
  const [moves, setMoves] = useState<PendingMove[]>([]);
  const shown = moves.filter((m) => m.on === columns).reduce(withMove, columns);
  const [announcement, setAnnouncement] = useState('');
  const [askLost, setAskLost] = useState<Card | null>(null);
  const [dropTarget, setDropTarget] = useState<BoardStatus | null>(null);
  const refocus = useRef<string | null>(null);

  // The moved card's menu button keeps the focus in its new column, shown at once and again when
  // the server's board arrives (then the optimistic board is the real one and the job is done).
  useEffect(() => {
    if (!refocus.current) return;
    document.querySelector<HTMLElement>(`[data-move-id="${refocus.current}"]`)?.focus();
    if (shown === columns) refocus.current = null;
  }, [shown, columns]);

  const name = (card: Card) => card.name || card.email || 'Unnamed lead';
  const move = (card: Card, to: BoardStatus, lostReason?: string) => {
    if (to === 'lost' && !lostReason) return setAskLost(card);
    refocus.current = card.id;
    const pending: PendingMove = { card, to, on: columns };
    setMoves((all) => [...all.filter((m) => m.on === columns), pending]);
    const undo = () => setMoves((all) => all.filter((m) => m !== pending));
    moveLeadAction({ id: card.id, status: to, lostReason }).then(
      (result) => {
        setAnnouncement(result.ok ? `Moved ${name(card)} to ${statusLabel(to)}.` : `${result.title}: ${result.error}`);
        if (result.ok) router.refresh();
        else undo();
      },
      () => {
        setAnnouncement(`${name(card)} could not be moved. Please try again.`);
        undo();
      },
    );
  };
  const cardById = (id: string) => shown.flatMap((c) => c.cards).find((c) => c.id === id);

  return (
    <div className="space-y-3">
      <p id="board-help" className="text-sm text-slate-700">
        Drag a card to another column to change its status, or use its Move button.
      </p>
      <p role="status" aria-live="polite" data-testid="board-announcement" className="min-h-5 text-sm font-medium text-slate-900">
        {announcement}
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
        {shown.map((column) => (
          <section
            key={column.status}
            aria-labelledby={`board-${column.status}`}
            data-testid={`board-column-${column.status}`}
            onDragOver={(e) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              setDropTarget(column.status);
            }}
            onDragLeave={() => setDropTarget((t) => (t === column.status ? null : t))}
            onDrop={(e) => {
              e.preventDefault();
              setDropTarget(null);
              const card = cardById(e.dataTransfer.getData('text/plain'));
              if (card && !column.cards.some((c) => c.id === card.id)) move(card, column.status);
            }}
            className={`min-h-32 rounded-xl border p-2 ${dropTarget === column.status ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-slate-50'}`}
          >
            <h3 id={`board-${column.status}`} className="text-brand-900 px-1 pb-2 font-semibold">
              {statusLabel(column.status)} <span className="font-normal text-slate-700">({columnTotal(column)})</span>
            </h3>
            <ul className="space-y-2" aria-describedby="board-help">
              {column.cards.map((card) => (
                <BoardCard
                  key={card.id}
                  card={card}
                  status={column.status}
                  today={today}
                  assignees={assignees}
                  onOpen={onOpen}
                  onMove={move}
                />
              ))}
            </ul>
            {column.total > column.cards.length && (
              <p className="px-1 pt-2 text-sm text-slate-700">
                Newest {column.cards.length} of {columnTotal(column)}: filter to see the rest.
              </p>
            )}
          </section>
        ))}
      </div>
      <LostReasonDialog
        name={askLost && name(askLost)}
        onCancel={() => setAskLost(null)}
        onConfirm={(reason) => {
          const card = askLost;
          setAskLost(null);
          if (card) move(card, 'lost', reason);
        }}
      />
    </div>
  );
}
