import type { LeadStatus } from '../statuses';

/**
 * The pipeline as the board shows it: new → contacted → qualified → application → closed won,
 * and closed lost beside them. Spam is a folder, not a stage: it has no column.
 */
export const BOARD_STATUSES = [
  'new',
  'contacted',
  'qualified',
  'application',
  'won',
  'lost',
] as const satisfies readonly LeadStatus[];
export type BoardStatus = (typeof BOARD_STATUSES)[number];

/** The statuses whose follow-ups still matter (overdue filter, digest). */
export const OPEN_STATUSES = ['new', 'contacted', 'qualified', 'application'] as const satisfies readonly LeadStatus[];

export const isBoardStatus = (value: string): value is BoardStatus => (BOARD_STATUSES as readonly string[]).includes(value);

/** A column's count as its header shows it: '100+' when counted up to the cap (BOARD_COUNT_CAP). */
export const columnTotal = (column: { total: number; totalCapped: boolean }) =>
  `${column.total.toLocaleString('en-US')}${column.totalCapped ? '+' : ''}`;
