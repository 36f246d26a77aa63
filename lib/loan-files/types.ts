import type { Milestone, MilestoneNames } from './milestones';
import type { OwedBy } from './needs-list';

/** A loan file as the admin, the portal and the builder's page read it (plain data). */

export type { OwedBy };

export const ITEM_STATES = ['requested', 'uploaded', 'accepted', 'rejected'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

export interface LoanFileItem {
  id: string;
  fileId: string;
  /** The needs-list template it came from; null when added by hand. */
  templateKey: string | null;
  label: string;
  /** What is wanted, shown to whoever owes it. */
  note: string;
  owedBy: OwedBy;
  state: ItemState;
  /** Why it was rejected; null unless its state is 'rejected'. */
  rejectReason: string | null;
  /** The admin account that last accepted or rejected it. */
  reviewedBy: string | null;
  /** The document's expiry date, YYYY-MM-DD (the insurance certificate's); null when none. */
  expiresOn: string | null;
  /** Its template asks for an expiry date: accepting it needs one. */
  asksExpiry: boolean;
  position: number;
  createdAt: string;
  updatedAt: string;
}

export interface MilestoneChange {
  milestone: Milestone;
  at: string;
  /** The admin account that set it; null for the system. */
  byAccount: string | null;
}

export interface Builder {
  name: string | null;
  email: string | null;
  license: string | null;
}

export interface LoanFile {
  id: string;
  leadId: string;
  borrower: { name: string; email: string; phone: string };
  propertyAddress: string;
  builder: Builder;
  /** The milestone reached. */
  milestone: Milestone;
  /** Every change, oldest first (the first is 'application-received'). */
  history: MilestoneChange[];
  /** The owner's names of the stages, read with the file, to show its milestones by. */
  milestoneNames: MilestoneNames;
  /** The needs list in its order. */
  items: LoanFileItem[];
  /** A builder link has been made (and not voided by a change of the builder's address). */
  hasBuilderLink: boolean;
  createdAt: string;
  updatedAt: string;
}

/** One line of the admin's list of files. */
export interface LoanFileSummary {
  id: string;
  leadId: string;
  borrowerName: string;
  borrowerEmail: string;
  propertyAddress: string;
  milestone: Milestone;
  /** Items by state, for "3 of 12 accepted" and "2 to review". */
  counts: Record<ItemState, number>;
  createdAt: string;
  updatedAt: string;
}

/** What the builder's link opens: the builder's items only, nothing of the borrower's finances. */
export interface BuilderView {
  fileId: string;
  propertyAddress: string;
  builderName: string | null;
  items: LoanFileItem[];
}
