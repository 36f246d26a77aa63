import type { FormEventHandler, ReactNode, RefObject } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { EARLY } from '@/lib/site/early-controls';
import { RESULTS_ID } from './ids';

/**
 * A calculator's inputs: a GET form to the calculator's own page, so without JavaScript 'Calculate'
 * loads the page with the new query (a shareable link) and the server computes the results. With
 * JavaScript the results follow every keystroke (./use-calculator.ts). `data-early-boot` asks the
 * deferred boot to start React as soon as focus enters the form, without waiting for a pause in
 * the typing (ADR 015 as amended for the calculators).
 */
export function CalculatorForm({
  path,
  formRef,
  onChange,
  onSubmit,
  children,
  title = 'Your numbers',
}: {
  path: string;
  formRef?: RefObject<HTMLFormElement | null>;
  onChange?: FormEventHandler<HTMLFormElement>;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  title?: string;
}) {
  const props = { [EARLY.eagerBoot]: RESULTS_ID };
  return (
    <form
      ref={formRef}
      method="get"
      action={path}
      onChange={onChange}
      onInput={onChange}
      onSubmit={onSubmit}
      aria-labelledby="calc-form-title"
      className="card space-y-4"
      {...props}
    >
      <h2 id="calc-form-title" className="text-brand-900 text-lg font-semibold">
        {title}
      </h2>
      {children}
      <button type="submit" className={`${buttonStyles.primary} w-full`}>
        Calculate
      </button>
    </form>
  );
}
