import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { getLead } from '../leads/queries.server';
import type { Lead } from '../leads/types';
import { LoanFileError } from './errors';
import { normalEmail } from './mail.server';
import { FIRST_MILESTONE } from './milestones';
import { needsListFor } from './needs-list';
import { readTemplateOverrides } from './template-overrides.server';
import { loanFile } from './queries.server';
import { withinTransaction } from './transaction.server';
import type { LoanFile } from './types';

/**
 * Opening a loan file from a lead (issue 30, point 1): the file keeps its own copy of the
 * borrower's contact details and property, its needs list is built from the application's
 * answers (./needs-list.ts), and its history starts at 'application received'. One file per lead,
 * however often or from however many instances it is asked for.
 */

export interface OpenedLoanFile {
  file: LoanFile;
  /** false: the lead had a file already, which is returned unchanged. */
  created: boolean;
}

export interface OpenOptions {
  /** The admin account opening it; none when the system does (an application opening its own). */
  by?: string | null;
  now?: Date;
}

/** The answers the needs list is built from: an application's; other forms ask only what everyone is asked. */
const answersOf = (lead: Lead): Record<string, string> => (lead.kind === 'application' ? lead.fields : {});

function fileRow(lead: Lead, stamp: string) {
  const fields = answersOf(lead);
  return {
    id: newId(),
    lead_id: lead.id,
    borrower_name: lead.name.trim().slice(0, 200),
    borrower_email: normalEmail(lead.email).slice(0, 254),
    borrower_phone: lead.phone.slice(0, 64),
    property_address: (fields.propertyAddress ?? '').trim().slice(0, 300),
    // No form asks for the builder yet: the owner enters them (./builder.server.ts).
    builder_name: null,
    builder_email: null,
    builder_license: null,
    milestone: FIRST_MILESTONE,
    builder_token_hash: null,
    created_at: stamp,
    updated_at: stamp,
  };
}

async function leadToOpen(trx: DB, leadId: string): Promise<Lead> {
  const lead = await getLead(trx, leadId);
  if (!lead) throw new LoanFileError('not-found', 'This lead was not found.');
  if (lead.isSpam) throw new LoanFileError('conflict', 'This lead is in the spam folder: mark it not spam first.');
  if (!lead.name.trim() || !lead.email.includes('@'))
    throw new LoanFileError('invalid', 'A loan file needs the borrower’s name and e-mail address, and this lead lacks one.');
  return lead;
}

/**
 * Opens the loan file of a lead, in one transaction: the file, its needs list and the first
 * milestone. A lead that has one already gets it back (`created: false`); two opening at once
 * make one file (the unique lead_id decides, and the second reads the first's).
 */
export async function openLoanFile(db: DB, leadId: string, options: OpenOptions = {}): Promise<OpenedLoanFile> {
  const now = options.now ?? new Date();
  const stamp = now.toISOString();
  const opened = await withinTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('loan_files').select('id').where('lead_id', '=', leadId).executeTakeFirst();
    if (existing) return { id: existing.id, created: false };
    const lead = await leadToOpen(trx, leadId);
    const row = fileRow(lead, stamp);
    const inserted = await trx
      .insertInto('loan_files')
      .values(row)
      .onConflict((oc) => oc.column('lead_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const winner = await trx.selectFrom('loan_files').select('id').where('lead_id', '=', leadId).executeTakeFirstOrThrow();
      return { id: winner.id, created: false };
    }
    // Read here, in the transaction, so the file is built from the edits as they stand when it opens.
    const { needs } = await readTemplateOverrides(trx);
    const items = needsListFor(answersOf(lead), needs).map((template, position) => ({
      id: newId(),
      file_id: row.id,
      template_key: template.key,
      label: template.label,
      note: template.note,
      owed_by: template.owedBy,
      state: 'requested',
      reject_reason: null,
      reviewed_by: null,
      expires_on: null,
      position,
      created_at: stamp,
      updated_at: stamp,
    }));
    await trx.insertInto('loan_file_items').values(items).execute();
    await trx
      .insertInto('loan_file_milestones')
      .values({ id: newId(), file_id: row.id, milestone: FIRST_MILESTONE, at: stamp, by_account: options.by ?? null })
      .execute();
    return { id: row.id, created: true };
  });
  const file = await loanFile(db, opened.id);
  if (!file) throw new LoanFileError('not-found', 'The loan file was deleted meanwhile.');
  return { file, created: opened.created };
}
