'use client';

import { Columns3, List } from 'lucide-react';
import { leadButton } from './lead-filters';

/** List or board: a pair of toggle buttons; the choice is the address's `view`, so Back and links keep it. */
export function ViewToggle({
  board,
  pending,
  onChange,
}: {
  board: boolean;
  pending: boolean;
  onChange: (view: 'list' | 'board' | undefined) => void;
}) {
  const pressed = 'aria-pressed:bg-brand-700 aria-pressed:border-brand-700 aria-pressed:text-white';
  return (
    <div role="group" aria-label="View" className="flex gap-1">
      <button
        type="button"
        className={`${leadButton} ${pressed}`}
        aria-pressed={!board}
        disabled={pending}
        onClick={() => onChange(undefined)}
      >
        <List aria-hidden="true" className="size-4" /> List
      </button>
      <button
        type="button"
        className={`${leadButton} ${pressed}`}
        aria-pressed={board}
        disabled={pending}
        onClick={() => onChange('board')}
      >
        <Columns3 aria-hidden="true" className="size-4" /> Board
      </button>
    </div>
  );
}
