import 'server-only';
import type { Selectable } from 'kysely';
import type { DB } from '../db/connect.server';
import type { LoanFileItemsTable } from '../db/schema';
import { FIRST_MILESTONE, isMilestone, type Milestone } from './milestones';
import { needTemplate } from './needs-list';
import { readMilestoneNames } from './template-overrides.server';
import { ITEM_STATES, type ItemState, type LoanFile, type LoanFileItem, type LoanFileSummary, type OwedBy } from './types';

/** Reads of loan files, returned as the domain's types (./types.ts), never as rows. */

const ITEM_COLUMNS = [
  'id',
  'file_id',
  'template_key',
  'label',
  'note',
  'owed_by',
  'state',
  'reject_reason',
  'reviewed_by',
  'expires_on',
  'position',
  'created_at',
  'updated_at',
] as const;

type ItemRow = Pick<Selectable<LoanFileItemsTable>, (typeof ITEM_COLUMNS)[number]>;

const itemState = (value: string): ItemState =>
  (ITEM_STATES as readonly string[]).includes(value) ? (value as ItemState) : 'requested';
const owedBy = (value: string): OwedBy => (value === 'builder' ? 'builder' : 'borrower');
/** A key no release knows (a milestone since removed) reads as the first rather than failing the page. */
export const storedMilestone = (value: string): Milestone => (isMilestone(value) ? value : FIRST_MILESTONE);

function toItem(row: ItemRow): LoanFileItem {
  return {
    id: row.id,
    fileId: row.file_id,
    templateKey: row.template_key,
    label: row.label,
    note: row.note,
    owedBy: owedBy(row.owed_by),
    state: itemState(row.state),
    rejectReason: row.reject_reason,
    reviewedBy: row.reviewed_by,
    expiresOn: row.expires_on,
    asksExpiry: needTemplate(row.template_key)?.hasExpiry === true,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A file's items in the needs list's order; only those one party owes when `owed` is given. */
export async function listItems(db: DB, fileId: string, owed?: OwedBy): Promise<LoanFileItem[]> {
  let query = db.selectFrom('loan_file_items').select(ITEM_COLUMNS).where('file_id', '=', fileId);
  if (owed) query = query.where('owed_by', '=', owed);
  const rows = await query.orderBy('position').orderBy('id').execute();
  return rows.map(toItem);
}

export async function readItem(db: DB, itemId: string): Promise<LoanFileItem | null> {
  if (!itemId || itemId.length > 32) return null;
  const row = await db.selectFrom('loan_file_items').select(ITEM_COLUMNS).where('id', '=', itemId).executeTakeFirst();
  return row ? toItem(row) : null;
}

async function fileWhere(db: DB, column: 'id' | 'lead_id', value: string): Promise<LoanFile | null> {
  if (!value || value.length > 32) return null;
  const row = await db
    .selectFrom('loan_files')
    .select([
      'id',
      'lead_id',
      'borrower_name',
      'borrower_email',
      'borrower_phone',
      'property_address',
      'builder_name',
      'builder_email',
      'builder_license',
      'milestone',
      'builder_token_hash',
      'created_at',
      'updated_at',
    ])
    .where(column, '=', value)
    .executeTakeFirst();
  if (!row) return null;
  const history = await db
    .selectFrom('loan_file_milestones')
    .select(['milestone', 'at', 'by_account'])
    .where('file_id', '=', row.id)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return {
    id: row.id,
    leadId: row.lead_id,
    borrower: { name: row.borrower_name, email: row.borrower_email, phone: row.borrower_phone },
    propertyAddress: row.property_address,
    builder: { name: row.builder_name, email: row.builder_email, license: row.builder_license },
    milestone: storedMilestone(row.milestone),
    history: history.map((h) => ({ milestone: storedMilestone(h.milestone), at: h.at, byAccount: h.by_account })),
    milestoneNames: await readMilestoneNames(db),
    items: await listItems(db, row.id),
    hasBuilderLink: row.builder_token_hash !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A loan file with its needs list and milestone history, or null. */
export function loanFile(db: DB, id: string): Promise<LoanFile | null> {
  return fileWhere(db, 'id', id);
}

/** The loan file opened from a lead, or null when none was. */
export function loanFileForLead(db: DB, leadId: string): Promise<LoanFile | null> {
  return fileWhere(db, 'lead_id', leadId);
}

const noCounts = (): Record<ItemState, number> => ({ requested: 0, uploaded: 0, accepted: 0, rejected: 0 });

/** Loan files for the admin's list, most recently changed first (at most `limit`, up to 500). */
export async function listLoanFiles(db: DB, limit = 200): Promise<LoanFileSummary[]> {
  const files = await db
    .selectFrom('loan_files')
    .select(['id', 'lead_id', 'borrower_name', 'borrower_email', 'property_address', 'milestone', 'created_at', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.max(1, Math.min(500, limit)))
    .execute();
  if (files.length === 0) return [];
  const counts = await db
    .selectFrom('loan_file_items')
    .select(['file_id', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where(
      'file_id',
      'in',
      files.map((f) => f.id),
    )
    .groupBy(['file_id', 'state'])
    .execute();
  const byFile = new Map(files.map((f) => [f.id, noCounts()]));
  for (const row of counts) {
    const tally = byFile.get(row.file_id);
    if (tally) tally[itemState(row.state)] += Number(row.n);
  }
  return files.map((f) => ({
    id: f.id,
    leadId: f.lead_id,
    borrowerName: f.borrower_name,
    borrowerEmail: f.borrower_email,
    propertyAddress: f.property_address,
    milestone: storedMilestone(f.milestone),
    counts: byFile.get(f.id) ?? noCounts(),
    createdAt: f.created_at,
    updatedAt: f.updated_at,
  }));
}
