import type { LeadKind } from '../fields';
import type { BotSignal } from '../spam';
import type { BoardStatus } from './board';

/**
 * The pipeline's board, assignees and status history as the components receive them, apart
 * from the server modules that read them.
 */

export interface Assignee {
  id: string;
  /** The account's name, else its e-mail ('Owner' for the built-in account). */
  label: string;
}

export interface BoardCard {
  id: string;
  kind: LeadKind;
  name: string;
  email: string;
  createdAt: string;
  followUpOn: string | null;
  assigneeId: string | null;
  possibleBot: boolean;
  botSignals: BotSignal[];
  /** The property's state (USPS code); null: none given. */
  propertyState: string | null;
  /** Marked "Outside our licenses" (routing by state). */
  outsideLicenses: boolean;
}

export interface BoardColumn {
  status: BoardStatus;
  cards: BoardCard[];
  /**
   * The column's leads under the filter (more than `cards` when over BOARD_LIMIT): exact from
   * lead_counts where the list's total is, else counted up to BOARD_COUNT_CAP (board.server.ts).
   */
  total: number;
  /** True when more than BOARD_COUNT_CAP leads match a column counted on the leads ('100+'). */
  totalCapped: boolean;
}

/** The lead dialog's pipeline part: assignee, follow-up, lost reason, status history, and whom it may be assigned to. */
export interface LeadPipeline {
  assigneeId: string | null;
  /** UTC date YYYY-MM-DD. */
  followUpOn: string | null;
  lostReason: string | null;
  history: StatusChange[];
  assignees: Assignee[];
}

export interface StatusChange {
  from: string;
  to: string;
  /** Why it was lost (a change to 'lost'); null otherwise. */
  reason: string | null;
  /** The account as the activity log names it, or 'system'. */
  actor: string;
  at: string;
}
