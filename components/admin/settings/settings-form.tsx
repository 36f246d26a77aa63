'use client';

import { useRef, useState, useTransition, type FormEvent, type ReactNode } from 'react';
import { withStepUp } from '@/components/admin/step-up/with-step-up';
import { toastResult } from '@/components/admin/team/toast-result';
import { useHydrated } from '@/components/ui/use-hydrated';
import { saveSettingsAction } from '@/lib/settings/actions/settings';
import { fieldOf, SET_BY_ENVIRONMENT, SETTING_FIELDS, SMTP_SECURITY, SMTP_SECURITY_LABELS } from '@/lib/settings/fields';
import type { SettingsView } from '@/lib/settings/types';
import { RemoveSecret, SettingInput, settingId } from './setting-input';

const legendClass = 'text-brand-900 text-lg font-semibold';
const fieldsetClass = 'space-y-4 rounded-md border border-slate-300 p-4';

/**
 * The Settings form (owner only): the SMTP server or EmailJS, the addresses, Twilio, the site's
 * address, each group a fieldset. Saved whole after a recent sign-in (step-up); a refused field
 * keeps what was typed and gets its error, and nothing is saved. After a save the page comes back
 * with the new values (the form is drawn again: its password fields empty).
 */
export function SettingsForm({ view }: { view: SettingsView }) {
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const f = view.fields;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input: Record<string, unknown> = { remove: data.getAll('remove').map(String) };
    for (const { name } of SETTING_FIELDS) if (data.has(name)) input[name] = String(data.get(name));
    startTransition(async () => {
      const result = await withStepUp(() => saveSettingsAction(input as Parameters<typeof saveSettingsAction>[0]));
      toastResult(result);
      setErrors(result.ok ? {} : (result.fieldErrors ?? {}));
      setStatus(result.ok ? (result.message ?? result.title) : result.error);
      if (result.ok) formRef.current?.reset();
      else {
        const first = SETTING_FIELDS.find(({ name }) => result.fieldErrors?.[name]);
        if (first) document.getElementById(settingId(first.name))?.focus();
      }
    });
  }

  return (
    <div className="max-w-2xl space-y-3">
      {/* Drawn again when the saved values change (a save), so the fields start from them; the status stays. */}
      <form
        key={JSON.stringify(f)}
        ref={formRef}
        // Never a GET: a submission the script did not catch must not put a password in an address.
        method="post"
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="settings-form-title"
        className="space-y-6"
      >
        <h2 id="settings-form-title" className="text-brand-900 text-xl font-semibold">
          Change the settings
        </h2>
        <p className="text-slate-700">
          What the server&apos;s environment sets wins and is shown read-only ({SET_BY_ENVIRONMENT.toLowerCase()}). Saved settings
          are used by every instance from its next message, without a restart.
        </p>

        <Group legend="E-mail through an SMTP server">
          <p className="text-sm text-slate-700">
            Your mail provider&apos;s outgoing server. Clear the server to stop using it: its user name and password are removed
            with it.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <SettingInput
              field={f.smtpHost}
              error={errors.smtpHost}
              autoComplete="off"
              spellCheck={false}
              hint="Like smtp.example.com."
            />
            <SettingInput
              field={f.smtpPort}
              error={errors.smtpPort}
              inputMode="numeric"
              autoComplete="off"
              hint="587 for STARTTLS, 465 for TLS; 587 when left empty."
            />
          </div>
          <SecuritySelect view={view} error={errors.smtpSecurity} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SettingInput field={f.smtpUser} error={errors.smtpUser} autoComplete="off" spellCheck={false} />
            <SettingInput field={f.smtpPassword} error={errors.smtpPassword} type="password" autoComplete="new-password">
              <RemoveSecret field={f.smtpPassword} label="Remove the saved password" />
            </SettingInput>
          </div>
        </Group>

        <Group legend="E-mail addresses">
          <SettingInput
            field={f.mailFrom}
            error={errors.mailFrom}
            autoComplete="off"
            hint="The sender of every e-mail, like Construction Loan Pros <leads@example.com>: an address your provider lets you send from."
          />
          <SettingInput
            field={f.mailTo}
            error={errors.mailTo}
            type="email"
            autoComplete="off"
            hint="Where lead alerts and the test e-mail go."
          />
        </Group>

        <Group legend="E-mail through EmailJS (instead of an SMTP server)">
          <p className="text-sm text-slate-700">
            All four from your EmailJS account, or none. An SMTP server, when set, is used instead.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {(['emailjsServiceId', 'emailjsTemplateId', 'emailjsPublicKey'] as const).map((name) => (
              <SettingInput key={name} field={f[name]} error={errors[name]} autoComplete="off" spellCheck={false} />
            ))}
            <SettingInput
              field={f.emailjsPrivateKey}
              error={errors.emailjsPrivateKey}
              type="password"
              autoComplete="new-password"
            >
              <RemoveSecret field={f.emailjsPrivateKey} label="Remove the saved private key" />
            </SettingInput>
          </div>
        </Group>

        <Group legend="Text messages through Twilio">
          <p className="text-sm text-slate-700">
            All four from your Twilio account, or none. Each new lead is then texted to you.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <SettingInput field={f.twilioAccountSid} error={errors.twilioAccountSid} autoComplete="off" spellCheck={false} />
            <SettingInput field={f.twilioAuthToken} error={errors.twilioAuthToken} type="password" autoComplete="new-password">
              <RemoveSecret field={f.twilioAuthToken} label="Remove the saved auth token" />
            </SettingInput>
            <SettingInput
              field={f.twilioFrom}
              error={errors.twilioFrom}
              type="tel"
              autoComplete="off"
              hint="Your Twilio number, like +12085550100."
            />
            <SettingInput
              field={f.alertSmsTo}
              error={errors.alertSmsTo}
              type="tel"
              autoComplete="off"
              hint="Your mobile phone, like 208-555-0100."
            />
          </div>
        </Group>

        <Group legend="The site's public address">
          <SettingInput
            field={f.siteUrl}
            error={errors.siteUrl}
            type="url"
            inputMode="url"
            autoComplete="off"
            hint="Like https://www.example.com: the links in e-mails and texts (sign-in links, unsubscribe links, lead links) start with it."
          />
        </Group>

        <button
          type="submit"
          // Until React owns the form, a click would send it as a plain post, which saves nothing.
          disabled={!hydrated || pending}
          className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
        >
          {pending ? 'Saving...' : 'Save settings'}
        </button>
      </form>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700" data-testid="settings-status">
        {status}
      </p>
    </div>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={fieldsetClass}>
      <legend className={`${legendClass} px-1`}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The connection's security: a choice of three, or the environment's, read-only. */
function SecuritySelect({ view, error }: { view: SettingsView; error?: string }) {
  const field = view.fields.smtpSecurity;
  if (field.source === 'environment') {
    const label = SMTP_SECURITY_LABELS[field.value as (typeof SMTP_SECURITY)[number]] ?? field.value;
    return <SettingInput field={{ ...field, value: label }} />;
  }
  const id = settingId('smtpSecurity');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {fieldOf('smtpSecurity').label}
      </label>
      <select
        id={id}
        name="smtpSecurity"
        defaultValue={field.value || 'starttls'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-invalid:border-red-700"
      >
        {SMTP_SECURITY.map((value) => (
          <option key={value} value={value}>
            {SMTP_SECURITY_LABELS[value]}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
