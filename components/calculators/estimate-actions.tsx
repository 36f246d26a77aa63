'use client';

import { useId } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { applyLink } from '@/lib/calculators/apply-link';
import type { CalculatorId } from '@/lib/calculators/registry';
import { EstimateEmailForm } from './estimate-email-form';

/**
 * A calculator result's two actions (issue 19): 'Apply with these numbers', a plain link to /apply
 * with the application's fields prefilled (lib/calculators/apply-link.ts), and 'Email me this
 * estimate' (./estimate-email-form.tsx), a lead of kind `calculator`. Both follow the values on
 * screen as the visitor types; both work without JavaScript, and before React the form's submit
 * answers at once (ADR 015: the 'incomplete' toast from its data attribute, the press held).
 */
export function EstimateActions({ calculator, values }: { calculator: CalculatorId; values: Record<string, string> }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8 space-y-4 border-t border-slate-200 pt-6" data-testid="estimate-actions">
      <h2 id={headingId} className="text-brand-900 text-lg font-semibold">
        Use these numbers
      </h2>
      <a href={applyLink(calculator, values)} className={`${buttonStyles.primary} w-full sm:w-auto`}>
        Apply with these numbers
      </a>
      <EstimateEmailForm calculator={calculator} values={values} />
    </section>
  );
}
