'use client';

import { sendBuilderLinkAction, updateBuilderAction } from '@/lib/loan-files/actions/files';
import type { Builder } from '@/lib/loan-files/types';
import { inputClass, labelClass } from '../image-field';
import { FieldError } from './field-error';
import { useFormResult } from './use-form-result';

const submitClass = 'bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70';
const secondaryClass = 'rounded-md border border-slate-400 bg-white px-4 py-2 font-medium hover:bg-slate-100 disabled:opacity-60';

const FIELDS = [
  { name: 'name', label: 'Builder’s name', type: 'text', autoComplete: 'organization', maxLength: 200 },
  { name: 'email', label: 'Builder’s e-mail', type: 'email', autoComplete: 'email', maxLength: 254 },
  { name: 'license', label: 'License number', type: 'text', autoComplete: 'off', maxLength: 100 },
] as const;

/** The builder's name, e-mail and license number. A new address voids the link sent before. */
export function BuilderForm({ fileId, builder }: { fileId: string; builder: Builder }) {
  const { onSubmit, pending, fieldErrors } = useFormResult(updateBuilderAction);
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-3" data-testid="builder-form">
      <input type="hidden" name="fileId" value={fileId} />
      {FIELDS.map((field) => (
        <div key={field.name}>
          <label htmlFor={`builder-${field.name}`} className={labelClass}>
            {field.label}
          </label>
          <input
            id={`builder-${field.name}`}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            maxLength={field.maxLength}
            defaultValue={builder[field.name] ?? ''}
            className={inputClass}
            aria-invalid={fieldErrors[field.name] ? true : undefined}
            aria-describedby={fieldErrors[field.name] ? `builder-${field.name}-error` : undefined}
          />
          <FieldError id={`builder-${field.name}-error`} error={fieldErrors[field.name]} />
        </div>
      ))}
      <button type="submit" disabled={pending} className={submitClass}>
        {pending ? 'Saving...' : 'Save builder'}
      </button>
    </form>
  );
}

/** 'Send builder link': a new link by e-mail (the one before stops working). */
export function SendBuilderLink({ fileId, hasEmail, hasLink }: { fileId: string; hasEmail: boolean; hasLink: boolean }) {
  const { onSubmit, pending } = useFormResult(sendBuilderLinkAction);
  return (
    <form onSubmit={onSubmit} className="space-y-2">
      <input type="hidden" name="fileId" value={fileId} />
      <p className="text-slate-800" data-testid="builder-link-state">
        {hasLink
          ? 'A builder link has been sent. Sending another stops the earlier one from working.'
          : 'No builder link has been sent yet.'}
        {!hasEmail && ' Enter the builder’s e-mail address to send one.'}
      </p>
      <button type="submit" disabled={pending} className={secondaryClass}>
        {pending ? 'Sending...' : 'Send builder link'}
      </button>
    </form>
  );
}
