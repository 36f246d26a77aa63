import { parseAmount } from '../leads/schemas';

/**
 * The needs list: the documents a construction loan file asks for, built from the application's
 * answers (issue 30, point 2). The templates are data, not code: the owner's edits (a label, a note,
 * a template switched off) are overrides applied on top (lib/loan-files/template-overrides.ts), and
 * the rules that pick the templates stay here. Builders' documents are owed by the builder, who gets a
 * link of their own; lenders start a construction loan's clock only once they hold the contract,
 * the line-item budget and the plans, so those are asked for from the first day.
 */

export type OwedBy = 'borrower' | 'builder';

export interface NeedTemplate {
  /** Stable: stored on each item made from it (loan_file_items.template_key). */
  key: string;
  label: string;
  /** What is wanted, shown to whoever owes it. */
  note: string;
  owedBy: OwedBy;
  /** The document runs out (an insurance certificate): its expiry date is recorded with it. */
  hasExpiry?: boolean;
}

/** The owner's edit of one template, by its key (a template without one is as the code has it). */
export interface NeedOverride {
  label: string;
  note: string;
  /** Switched off: never asked for (an owner who never asks for W-9s). */
  off: boolean;
}
export type NeedOverrides = Readonly<Record<string, NeedOverride>>;

/** Which answers a template is asked for. */
type Group = 'everyone' | 'self-employed' | 'owns-land' | 'land-balance' | 'buying-land' | 'has-builder' | 'owner-builder';

const borrower = (key: string, label: string, note: string): NeedTemplate => ({ key, label, note, owedBy: 'borrower' });
const builder = (key: string, label: string, note: string): NeedTemplate => ({ key, label, note, owedBy: 'builder' });

/** Every template, by group, in the order the needs list shows them. */
export const NEED_TEMPLATES: Readonly<Record<Group, readonly NeedTemplate[]>> = {
  everyone: [
    borrower('photo-id', 'Photo ID', "A current driver's license or passport for each borrower, front and back."),
    borrower(
      'bank-statements',
      'Bank statements, last 2 months',
      'Every page of the last two monthly statements of each account you will use for the down payment or reserves.',
    ),
    borrower(
      'tax-returns',
      'Tax returns or W-2s, last 2 years',
      'Your federal tax returns with all schedules, or your W-2s, for the last two years.',
    ),
    borrower('pay-stubs', 'Pay stubs, last 30 days', 'Your most recent pay stubs, covering the last 30 days.'),
  ],
  'self-employed': [
    borrower(
      'business-tax-returns',
      'Business tax returns, last 2 years',
      "Your business's federal tax returns with all schedules for the last two years.",
    ),
  ],
  'owns-land': [borrower('land-deed', 'Deed to the land', 'The recorded deed showing you own the lot you will build on.')],
  'land-balance': [
    borrower(
      'land-payoff',
      'Payoff statement for the land',
      'A statement from your land lender of the amount needed to pay the land loan off.',
    ),
  ],
  'buying-land': [
    borrower('land-purchase-contract', 'Land purchase contract', 'The signed contract to buy the lot, with every addendum.'),
  ],
  'has-builder': [
    builder('builder-license', "Builder's license", "The builder's current contractor license for the state of the build."),
    {
      ...builder(
        'builder-insurance',
        "Builder's insurance certificate",
        "A certificate of the builder's general liability insurance, showing when it expires.",
      ),
      hasExpiry: true,
    },
    builder('builder-w9', "Builder's W-9", "The builder's completed and signed IRS form W-9."),
    builder(
      'construction-contract',
      'Signed construction contract',
      'The construction contract for this home, signed by the builder and the borrower.',
    ),
    builder('construction-budget', 'Line-item budget', 'The cost of the build, line by line (the cost breakdown).'),
    builder('plans-specs', 'Plans and specifications', 'The house plans and the specifications of materials and finishes.'),
  ],
  'owner-builder': [
    borrower(
      'owner-builder-resume',
      'Résumé of past builds',
      'The homes you have built or managed: where, when, their size and cost, and your part in each.',
    ),
    borrower(
      'owner-builder-license',
      "Builder's license, where your state requires one",
      'Your contractor or owner-builder license, if your state requires one to build your own home.',
    ),
    borrower('owner-builder-budget', 'Line-item budget', 'The cost of the build, line by line (the cost breakdown).'),
    borrower(
      'owner-builder-plans',
      'Plans and specifications',
      'The house plans and the specifications of materials and finishes.',
    ),
  ],
};

/** The groups the application's answers call for, in the needs list's order. */
function groupsFor(answers: Record<string, string>): Group[] {
  const groups: Group[] = ['everyone'];
  // The application names a business only when the borrower is self-employed.
  if ((answers.business ?? '').trim() !== '') groups.push('self-employed');
  if (answers.ownLand === 'yes') {
    groups.push('owns-land');
    if ((parseAmount(answers.landBalance ?? '') ?? 0) > 0) groups.push('land-balance');
  } else if (answers.ownLand === 'no') groups.push('buying-land');
  if (answers.builderStatus === 'have-builder') groups.push('has-builder');
  else if (answers.builderStatus === 'owner-builder') groups.push('owner-builder');
  // 'need-builder': the builder's documents are added once there is a builder.
  return groups;
}

/**
 * The documents an application's answers call for, in a stable order: the borrower's own first,
 * then the land's, then the builder's. Answers of other forms (no ownLand, no builderStatus)
 * give the part everyone is asked for.
 */
export function needsListFor(answers: Record<string, string>, overrides: NeedOverrides = {}): NeedTemplate[] {
  return groupsFor(answers)
    .flatMap((group) => NEED_TEMPLATES[group])
    .flatMap((template) => {
      // Own keys only: a stored key such as 'constructor' must not reach Object.prototype.
      const edit = Object.hasOwn(overrides, template.key) ? overrides[template.key] : undefined;
      if (!edit) return [template];
      return edit.off ? [] : [{ ...template, label: edit.label, note: edit.note }];
    });
}

/** The template an item was made from, or undefined (added by hand, or a template since removed). */
export function needTemplate(key: string | null): NeedTemplate | undefined {
  if (key === null) return undefined;
  return Object.values(NEED_TEMPLATES)
    .flat()
    .find((template) => template.key === key);
}
