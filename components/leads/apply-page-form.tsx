'use client';

import { useActionState, type ReactNode } from 'react';
import { saveDraftFormAction } from '@/lib/drafts/actions/save';
import { ApplicationForm, type ApplicationStart } from './application-form';
import { LEAD_PAGES } from './modal-store';
import { SaveWithoutScript } from './save-without-script';

/**
 * The application on its pages (/apply and the per-link /apply/continue): the form, plus 'Save and
 * finish later' without JavaScript. That posts the whole form to its own Server Action, with /apply
 * as its permalink like the form's submit; the page then comes back with what was typed and the
 * saved draft's token, so saving again replaces the draft and submitting deletes it.
 */
export function ApplyPageForm({
  layout,
  closeButton,
  start,
  stateOptions,
}: {
  layout: 'steps' | 'single';
  closeButton: ReactNode;
  start?: ApplicationStart;
  /** From the page, rendered on the server (lib/leads/property-state-options.ts). */
  stateOptions: readonly { value: string; label: string }[];
}) {
  const [saved, saveAction] = useActionState(saveDraftFormAction, null, LEAD_PAGES.application);
  const shown: ApplicationStart | undefined = saved
    ? { values: { ...start?.values, ...saved.values }, step: start?.step ?? 0, token: saved.token ?? start?.token }
    : start;
  return (
    <ApplicationForm
      layout={layout}
      page="/apply"
      stepHeadingTag="h2"
      closeButton={closeButton}
      start={shown}
      stateOptions={stateOptions}
      noScript={<SaveWithoutScript action={saveAction} result={saved} />}
    />
  );
}
