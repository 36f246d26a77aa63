'use client';

import type { ChangeEvent } from 'react';
import { addLicenseAction, updateLicenseAction } from '@/lib/licenses/actions/licenses';
import { COMMON_LICENSE_TYPES, LICENSE_LIMITS } from '@/lib/licenses/schema';
import { noticeRuleFor } from '@/lib/licenses/state-notices';
import type { License } from '@/lib/licenses/types';
import { isStateCode, STATES_BY_NAME } from '@/lib/licenses/us-states';
import { inputClass, labelClass } from '../image-field';
import { FieldError } from '../loan-files/field-error';
import { useFormResult } from '../loan-files/use-form-result';

const submitClass = 'bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70';

/**
 * A license's fields, to add one or to edit one. Choosing a state whose notice this site knows
 * (Texas) fills in the notice and the regulator where those fields are still empty: the owner
 * starts from the rule's own text and can change it. Saved through the action; errors by field.
 */
export function LicenseForm({ license }: { license?: License }) {
  const { onSubmit, pending, fieldErrors } = useFormResult(license ? updateLicenseAction : addLicenseAction, {
    reset: !license,
  });
  const prefix = `license-${license?.id ?? 'new'}`;
  const id = (name: string) => `${prefix}-${name}`;
  const field = (name: string) => ({
    id: id(name),
    name,
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby':
      [fieldErrors[name] && id(`${name}-error`), hints[name] && id(`${name}-hint`)].filter(Boolean).join(' ') || undefined,
  });

  const fillFromRule = (event: ChangeEvent<HTMLSelectElement>) => {
    const state = event.currentTarget.value;
    const rule = isStateCode(state) ? noticeRuleFor(state) : null;
    const form = event.currentTarget.form;
    if (!rule || !form) return;
    const fill = (name: string, value: string) => {
      const input = form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
      if (input && input.value.trim() === '') input.value = value;
    };
    fill('notice', rule.text);
    fill('regulatorName', rule.regulator.name);
    fill('regulatorUrl', rule.regulator.url);
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="max-w-2xl space-y-4"
      data-testid={license ? 'license-edit-form' : 'license-add-form'}
    >
      {license && <input type="hidden" name="id" value={license.id} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={id('state')} className={labelClass}>
            State
          </label>
          <select {...field('state')} required defaultValue={license?.state ?? ''} onChange={fillFromRule} className={inputClass}>
            <option value="" disabled>
              Choose a state
            </option>
            {STATES_BY_NAME.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name} ({s.code})
              </option>
            ))}
          </select>
          <FieldError id={id('state-error')} error={fieldErrors.state} />
        </div>
        <div>
          <label htmlFor={id('type')} className={labelClass}>
            License type
          </label>
          <input
            {...field('type')}
            list={id('types')}
            required
            maxLength={LICENSE_LIMITS.type}
            defaultValue={license?.type ?? ''}
            autoComplete="off"
            className={inputClass}
          />
          <datalist id={id('types')}>
            {COMMON_LICENSE_TYPES.map((type) => (
              <option key={type} value={type} />
            ))}
          </datalist>
          <FieldError id={id('type-error')} error={fieldErrors.type} />
        </div>
        <div>
          <label htmlFor={id('number')} className={labelClass}>
            License number
          </label>
          <input
            {...field('number')}
            required
            maxLength={LICENSE_LIMITS.number}
            defaultValue={license?.number ?? ''}
            autoComplete="off"
            className={inputClass}
          />
          <FieldError id={id('number-error')} error={fieldErrors.number} />
        </div>
        <div>
          <label htmlFor={id('regulatorName')} className={labelClass}>
            Regulator
          </label>
          <input
            {...field('regulatorName')}
            required
            maxLength={LICENSE_LIMITS.regulatorName}
            defaultValue={license?.regulatorName ?? ''}
            className={inputClass}
          />
          <FieldError id={id('regulatorName-error')} error={fieldErrors.regulatorName} />
        </div>
      </div>
      <div>
        <label htmlFor={id('regulatorUrl')} className={labelClass}>
          Regulator’s website (optional)
        </label>
        <input
          {...field('regulatorUrl')}
          type="url"
          inputMode="url"
          maxLength={LICENSE_LIMITS.regulatorUrl}
          defaultValue={license?.regulatorUrl ?? ''}
          autoComplete="off"
          className={inputClass}
        />
        <p id={id('regulatorUrl-hint')} className="mt-1 text-sm text-slate-600">
          {hints.regulatorUrl}
        </p>
        <FieldError id={id('regulatorUrl-error')} error={fieldErrors.regulatorUrl} />
      </div>
      <div>
        <label htmlFor={id('notice')} className={labelClass}>
          Notice this state requires on the website (optional)
        </label>
        <textarea
          {...field('notice')}
          rows={8}
          maxLength={LICENSE_LIMITS.notice}
          defaultValue={license?.notice ?? ''}
          className={inputClass}
        />
        <p id={id('notice-hint')} className="mt-1 text-sm text-slate-600">
          {hints.notice}
        </p>
        <FieldError id={id('notice-error')} error={fieldErrors.notice} />
      </div>
      <button type="submit" disabled={pending} className={submitClass}>
        {license ? (pending ? 'Saving...' : 'Save license') : pending ? 'Adding...' : 'Add license'}
      </button>
    </form>
  );
}

const hints: Record<string, string> = {
  regulatorUrl: 'An https:// address. The licenses page links the regulator’s name to it.',
  notice:
    'Word for word as the state prescribes it; a blank line starts a new paragraph. For Texas the standard notice is filled in, and shown even if this is left empty.',
};
