import { CheckList } from '@/components/site/check-list';
import { NamedIcon } from '@/components/site/icons';
import { SectionHeading } from '@/components/site/section-heading';
import type { SiteContent } from '@/lib/content/schema';
import { Editable } from '@/components/edit-mode/editable';

export function LoanTypes({ loanTypes }: { loanTypes: SiteContent['loanTypes'] }) {
  return (
    <section aria-labelledby="loan-types-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="loan-types-title" title={loanTypes.title} subtitle={loanTypes.subtitle} editPath="loanTypes" />
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {loanTypes.loans.map((loan, i) => (
            <li key={loan.id} className="card flex flex-col">
              <span className="icon-tile">
                <NamedIcon name={loan.icon} className="text-brand-700 size-6" />
              </span>
              <h3 className="text-brand-900 text-lg font-semibold">
                <Editable path={`loanTypes.loans.${i}.title`}>{loan.title}</Editable>
              </h3>
              <p className="mt-2 text-slate-600">
                <Editable path={`loanTypes.loans.${i}.description`} multiline>
                  {loan.description}
                </Editable>
              </p>
              <CheckList items={loan.features} small itemPath={(j) => `loanTypes.loans.${i}.features.${j}`} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
