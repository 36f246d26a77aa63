'use client';

import { restoreTemplateDefaultsAction, saveTemplatesAction } from '@/lib/loan-files/actions/templates';
import { MAX_LABEL, MAX_NOTE, milestoneField, needField } from '@/lib/loan-files/template-fields';
import { inputClass, labelClass } from '../image-field';
import { FieldError } from './field-error';
import { useFormResult } from './use-form-result';

/** One template as the form shows it: what is in force, and the code's label to name it by. */
export interface TemplateRow {
  key: string;
  defaultLabel: string;
  owedBy: 'borrower' | 'builder';
  label: string;
  note: string;
  on: boolean;
}

export interface TemplateGroup {
  title: string;
  templates: TemplateRow[];
}

export interface MilestoneRow {
  key: string;
  defaultLabel: string;
  label: string;
  description: string;
}

/** A text field with its label and error; ids from the field's name, which is unique on the page. */
function TextField({
  name,
  label,
  value,
  max,
  multiline,
  required,
  error,
}: {
  name: string;
  label: string;
  value: string;
  max: number;
  multiline?: boolean;
  required?: boolean;
  error: string | undefined;
}) {
  const id = name.replaceAll('.', '-');
  const props = {
    id,
    name,
    defaultValue: value,
    maxLength: max,
    required,
    className: inputClass,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {multiline ? <textarea rows={2} {...props} /> : <input type="text" {...props} />}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** The owner's needs list templates and milestone names, with a way back to the code's. */
export function TemplatesForm({ groups, milestones }: { groups: TemplateGroup[]; milestones: MilestoneRow[] }) {
  const { onSubmit, pending, fieldErrors } = useFormResult(saveTemplatesAction);
  const restore = useFormResult(restoreTemplateDefaultsAction);
  // key: a save or a restore re-renders with the stored values, so the fields show what is in force.
  const key = JSON.stringify([groups, milestones]);
  return (
    <>
      <form key={key} onSubmit={onSubmit} noValidate className="space-y-8" data-testid="templates-form">
        <section aria-labelledby="needs-templates-title" className="space-y-4">
          <h3 id="needs-templates-title" className="text-brand-900 text-lg font-semibold">
            Needs list
          </h3>
          <p className="text-slate-700">
            The documents a new loan file asks for, picked by the application’s answers. Files already open keep their documents
            as they were asked for.
          </p>
          {groups.map((group) => (
            <div key={group.title} className="space-y-3">
              <h4 className="font-semibold text-slate-900">{group.title}</h4>
              {group.templates.map((t) => (
                <fieldset key={t.key} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
                  <legend className="px-1 font-medium text-slate-900">
                    {t.defaultLabel} ({t.owedBy === 'builder' ? 'from the builder' : 'from the borrower'})
                  </legend>
                  <div className="flex items-center gap-2">
                    <input
                      id={`need-${t.key}-on`}
                      name={needField(t.key, 'on')}
                      type="checkbox"
                      defaultChecked={t.on}
                      className="accent-brand-700 size-4"
                    />
                    <label htmlFor={`need-${t.key}-on`} className="text-slate-800">
                      Ask for it
                    </label>
                  </div>
                  <TextField
                    name={needField(t.key, 'label')}
                    label="Label"
                    value={t.label}
                    max={MAX_LABEL}
                    required
                    error={fieldErrors[needField(t.key, 'label')]}
                  />
                  <TextField
                    name={needField(t.key, 'note')}
                    label="Note (what is wanted)"
                    value={t.note}
                    max={MAX_NOTE}
                    multiline
                    error={fieldErrors[needField(t.key, 'note')]}
                  />
                </fieldset>
              ))}
            </div>
          ))}
        </section>
        <section aria-labelledby="milestone-names-title" className="space-y-4">
          <h3 id="milestone-names-title" className="text-brand-900 text-lg font-semibold">
            Milestones
          </h3>
          <p className="text-slate-700">
            The stages the borrower sees on their timeline and in the milestone e-mails. The draws are numbered by themselves.
          </p>
          {milestones.map((m) => (
            <fieldset key={m.key} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
              <legend className="px-1 font-medium text-slate-900">{m.defaultLabel}</legend>
              <TextField
                name={milestoneField(m.key, 'label')}
                label="Name"
                value={m.label}
                max={MAX_LABEL}
                required
                error={fieldErrors[milestoneField(m.key, 'label')]}
              />
              <TextField
                name={milestoneField(m.key, 'description')}
                label="Description"
                value={m.description}
                max={MAX_NOTE}
                multiline
                error={fieldErrors[milestoneField(m.key, 'description')]}
              />
            </fieldset>
          ))}
        </section>
        <button
          type="submit"
          disabled={pending}
          className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
        >
          {pending ? 'Saving...' : 'Save needs list and milestones'}
        </button>
      </form>
      <form onSubmit={restore.onSubmit} className="mt-6 flex flex-wrap items-center gap-3" data-testid="templates-restore">
        <button
          type="submit"
          disabled={restore.pending}
          aria-describedby="templates-restore-hint"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100 disabled:opacity-70"
        >
          {restore.pending ? 'Restoring...' : 'Restore the defaults'}
        </button>
        <p id="templates-restore-hint" className="text-sm text-slate-600">
          Every template asked for again, and every label, note and name as it was at first.
        </p>
      </form>
    </>
  );
}
