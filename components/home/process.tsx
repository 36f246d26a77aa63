import { SectionHeading } from '@/components/site/section-heading';
import { OpenModalButton } from '@/components/leads/open-modal-button';
import { buttonStyles } from '@/lib/ui/button-styles';
import type { SiteContent } from '@/lib/content/schema';
import { Editable } from '@/components/edit-mode/editable';

export function Process({ process }: { process: SiteContent['process'] }) {
  return (
    <section aria-labelledby="process-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="process-title" title={process.title} subtitle={process.subtitle} editPath="process" />
        <ol className="grid gap-8 md:grid-cols-2 lg:grid-cols-4">
          {process.steps.map((step, index) => (
            <li key={step.title} className="text-center">
              <span
                aria-hidden="true"
                className="bg-brand-700 mx-auto mb-4 flex size-14 items-center justify-center rounded-full text-2xl font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="text-brand-900 text-lg font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                <Editable path={`process.steps.${index}.title`}>{step.title}</Editable>
              </h3>
              <p className="mt-2 text-slate-600">
                <Editable path={`process.steps.${index}.description`} multiline>
                  {step.description}
                </Editable>
              </p>
            </li>
          ))}
        </ol>
        <div className="mt-12 text-center">
          <OpenModalButton modal="application" className={buttonStyles.primary}>
            <Editable path="process.buttonText">{process.buttonText}</Editable>
          </OpenModalButton>
        </div>
      </div>
    </section>
  );
}
