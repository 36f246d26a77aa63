'use client';

import { saveOfficerProfileAction, saveOwnOfficerProfileAction } from '@/lib/officers/actions/profiles';
import { COMMON_LANGUAGES, PROFILE_LIMITS } from '@/lib/officers/schema';
import { SLUG_MAX } from '@/lib/officers/slug';
import type { OfficerProfile } from '@/lib/officers/types';
import { STATES_BY_NAME } from '@/lib/licenses/us-states';
import { inputClass, labelClass } from '../image-field';
import { FieldError } from '../loan-files/field-error';
import { useFormResult } from '../loan-files/use-form-result';
import { PhotoField } from './photo-field';

const submitClass = 'bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70';
const boxClass = 'flex items-center gap-2 text-sm text-slate-800';
const common = new Set<string>(COMMON_LANGUAGES);

/**
 * A loan officer's profile: the owner's form (any originating account, with the photo and "away")
 * or the officer's own (My Account: neither). Saved through the action; errors by field. The
 * NMLS ID and states are what the public page and the routing of leads by state read.
 */
export function OfficerProfileForm({
  mode,
  accountId,
  suggestedName,
  profile,
}: {
  mode: 'owner' | 'own';
  accountId: string;
  /** The account's name, to start a new profile from. */
  suggestedName: string;
  profile: OfficerProfile | null;
}) {
  const { onSubmit, pending, fieldErrors } = useFormResult(
    mode === 'owner' ? saveOfficerProfileAction : saveOwnOfficerProfileAction,
  );
  const prefix = `officer-${accountId}`;
  const id = (name: string) => `${prefix}-${name}`;
  const field = (name: string, hint = false) => ({
    id: id(name),
    name,
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby':
      [fieldErrors[name] && id(`${name}-error`), hint && id(`${name}-hint`)].filter(Boolean).join(' ') || undefined,
  });
  const name = profile?.displayName ?? suggestedName;
  const states = new Set<string>(profile?.states ?? []);
  const languages = new Set(profile?.languages ?? []);
  const others = (profile?.languages ?? []).filter((language) => !common.has(language));

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-5" data-testid="officer-profile-form">
      {mode === 'owner' && <input type="hidden" name="accountId" value={accountId} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={id('displayName')} className={labelClass}>
            Name shown on the site
          </label>
          <input
            {...field('displayName')}
            required
            maxLength={PROFILE_LIMITS.displayName}
            defaultValue={name}
            autoComplete="off"
            className={inputClass}
          />
          <FieldError id={id('displayName-error')} error={fieldErrors.displayName} />
        </div>
        <div>
          <label htmlFor={id('title')} className={labelClass}>
            Title (optional)
          </label>
          <input
            {...field('title')}
            maxLength={PROFILE_LIMITS.title}
            defaultValue={profile?.title ?? ''}
            placeholder="Senior Loan Officer"
            className={inputClass}
          />
          <FieldError id={id('title-error')} error={fieldErrors.title} />
        </div>
        <div>
          <label htmlFor={id('nmlsId')} className={labelClass}>
            NMLS ID
          </label>
          <input
            {...field('nmlsId', true)}
            required
            inputMode="numeric"
            maxLength={12}
            defaultValue={profile?.nmlsId ?? ''}
            autoComplete="off"
            className={inputClass}
          />
          <p id={id('nmlsId-hint')} className="mt-1 text-sm text-slate-600">
            The officer’s own NMLS unique identifier, digits only: the profile links it to NMLS Consumer Access.
          </p>
          <FieldError id={id('nmlsId-error')} error={fieldErrors.nmlsId} />
        </div>
        <div>
          <label htmlFor={id('phone')} className={labelClass}>
            Direct phone (optional)
          </label>
          <input
            {...field('phone')}
            type="tel"
            maxLength={PROFILE_LIMITS.phone}
            defaultValue={profile?.phone ?? ''}
            autoComplete="off"
            className={inputClass}
          />
          <FieldError id={id('phone-error')} error={fieldErrors.phone} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={id('slug')} className={labelClass}>
            Page address: /team/…
          </label>
          <input
            {...field('slug', true)}
            maxLength={SLUG_MAX}
            defaultValue={profile?.slug ?? ''}
            autoComplete="off"
            className={inputClass}
          />
          <p id={id('slug-hint')} className="mt-1 text-sm text-slate-600">
            Lower case letters, digits and hyphens. Left empty, it is made from the name. Changing it breaks links to the old
            address.
          </p>
          <FieldError id={id('slug-error')} error={fieldErrors.slug} />
        </div>
      </div>

      {mode === 'owner' && (
        <PhotoField
          key={profile?.photo?.id ?? 'none'}
          initial={profile?.photo ?? null}
          name={name}
          error={fieldErrors.photoMediaId}
        />
      )}
      {mode === 'own' && (
        <p className="text-sm text-slate-700">
          {profile?.photo ? 'Your photo is' : 'A photo is'} set by the owner, from Security › Team.
        </p>
      )}

      <fieldset aria-describedby={fieldErrors.states ? id('states-error') : id('states-hint')}>
        <legend className={labelClass}>States licensed in</legend>
        <p id={id('states-hint')} className="text-sm text-slate-600">
          As NMLS Consumer Access shows them. Leads from a state go only to officers licensed there.
        </p>
        <div className="mt-2 grid max-h-64 grid-cols-2 gap-1 overflow-y-auto rounded-md border border-slate-300 p-3 sm:grid-cols-3 lg:grid-cols-4">
          {STATES_BY_NAME.map((state) => (
            <label key={state.code} className={boxClass}>
              <input type="checkbox" name="states" value={state.code} defaultChecked={states.has(state.code)} />
              {state.name}
            </label>
          ))}
        </div>
        <FieldError id={id('states-error')} error={fieldErrors.states} />
      </fieldset>

      <fieldset>
        <legend className={labelClass}>Languages spoken</legend>
        <div className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-4">
          {COMMON_LANGUAGES.map((language) => (
            <label key={language} className={boxClass}>
              <input type="checkbox" name="languages" value={language} defaultChecked={languages.has(language)} />
              {language}
            </label>
          ))}
        </div>
        <label htmlFor={id('otherLanguages')} className={`${labelClass} mt-3`}>
          Other languages (optional, separated by commas)
        </label>
        <input {...field('otherLanguages')} maxLength={400} defaultValue={others.join(', ')} className={inputClass} />
        <FieldError id={id('otherLanguages-error')} error={fieldErrors.otherLanguages ?? fieldErrors.languages} />
      </fieldset>

      <div>
        <label htmlFor={id('bio')} className={labelClass}>
          Short bio (optional)
        </label>
        <textarea
          {...field('bio')}
          rows={5}
          maxLength={PROFILE_LIMITS.bio}
          defaultValue={profile?.bio ?? ''}
          className={inputClass}
        />
        <FieldError id={id('bio-error')} error={fieldErrors.bio} />
      </div>

      <div className="space-y-2">
        <label className={boxClass}>
          <input type="checkbox" name="published" defaultChecked={profile?.published ?? false} />
          Published: shown on /team, with its own contact and apply links
        </label>
        {mode === 'owner' && (
          <label className={boxClass}>
            <input type="checkbox" name="away" defaultChecked={profile?.away ?? false} />
            Away: routing by state passes {name || 'this officer'} by (the profile stays up)
          </label>
        )}
      </div>

      <button type="submit" disabled={pending} className={submitClass}>
        {pending ? 'Saving...' : profile ? 'Save profile' : 'Create profile'}
      </button>
    </form>
  );
}
