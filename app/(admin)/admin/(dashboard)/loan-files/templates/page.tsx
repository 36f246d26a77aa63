import type { Metadata } from 'next';
import Link from 'next/link';
import { TemplatesForm, type MilestoneRow, type TemplateGroup } from '@/components/admin/loan-files/templates-form';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { FIXED_MILESTONES, milestoneDescription, milestoneLabel } from '@/lib/loan-files/milestones';
import { NEED_TEMPLATES } from '@/lib/loan-files/needs-list';
import { readTemplateOverrides } from '@/lib/loan-files/template-overrides.server';

export const metadata: Metadata = { title: sectionTitle('Loan Files') };

/** When each group of templates is asked for, as the owner reads it. */
const GROUP_TITLES: Record<keyof typeof NEED_TEMPLATES, string> = {
  everyone: 'Every application',
  'self-employed': 'Self-employed borrowers',
  'owns-land': 'The borrower owns the land',
  'land-balance': 'The land has a loan on it',
  'buying-land': 'The borrower is buying the land',
  'has-builder': 'A builder is chosen (asked of the builder)',
  'owner-builder': 'The borrower builds the home themselves',
};

/** /admin/loan-files/templates (owner only): the needs list's templates and the milestones' names. */
export default async function LoanFileTemplatesPage() {
  const { db } = await adminPageContext('security');
  const { needs, milestones: names } = await readTemplateOverrides(db);
  const groups: TemplateGroup[] = (Object.keys(NEED_TEMPLATES) as (keyof typeof NEED_TEMPLATES)[]).map((group) => ({
    title: GROUP_TITLES[group],
    templates: NEED_TEMPLATES[group].map((t) => {
      const edit = Object.hasOwn(needs, t.key) ? needs[t.key] : undefined;
      return {
        key: t.key,
        defaultLabel: t.label,
        owedBy: t.owedBy,
        label: edit?.label ?? t.label,
        note: edit?.note ?? t.note,
        on: !edit?.off,
      };
    }),
  }));
  const milestones: MilestoneRow[] = FIXED_MILESTONES.map((m) => ({
    key: m.key,
    defaultLabel: m.label,
    label: milestoneLabel(m.key, names),
    description: milestoneDescription(m.key, names),
  }));
  return (
    <section aria-labelledby="templates-title" className="max-w-3xl space-y-6">
      <p>
        <Link href="/admin/loan-files" className="text-brand-700 underline">
          ← Loan Files
        </Link>
      </p>
      <h2 id="templates-title" className="text-brand-900 text-xl font-bold">
        Needs list and milestones
      </h2>
      <TemplatesForm groups={groups} milestones={milestones} />
    </section>
  );
}
