'use client';

import { useRef, useState, useTransition, type FormEvent } from 'react';
import { withStepUp } from '@/components/admin/step-up/with-step-up';
import { TextField } from '@/components/admin/team/text-field';
import { toastResult } from '@/components/admin/team/toast-result';
import { createWebhookAction } from '@/lib/webhooks/actions/endpoints';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES } from '@/lib/webhooks/events';
import { SecretOnce } from './secret-once';

/** 'Add an endpoint': its address, a description, the events; the signing secret is shown once, here. */
export function EndpointForm() {
  const [pending, startTransition] = useTransition();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      url: String(data.get('url') ?? ''),
      description: String(data.get('description') ?? ''),
      events: data.getAll('events').map(String),
    };
    startTransition(async () => {
      const result = await withStepUp(() => createWebhookAction(input));
      setErrors(result.ok ? {} : (result.fieldErrors ?? {}));
      if (toastResult(result) && result.ok) {
        setCreated({ url: input.url.trim(), secret: result.data.secret });
        formRef.current?.reset();
      } else if (!result.ok) {
        const first = ['url', 'description', 'events'].find((field) => result.fieldErrors?.[field]);
        formRef.current
          ?.querySelector<HTMLElement>(first === 'events' ? '[name="events"]' : `#webhook-${first ?? 'url'}`)
          ?.focus();
      }
    });
  }

  return (
    <div className="space-y-4">
      {created && <SecretOnce url={created.url} secret={created.secret} onDone={() => setCreated(null)} />}
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="webhook-form-title" className="max-w-xl space-y-4">
        <h3 id="webhook-form-title" className="text-brand-900 text-lg font-semibold">
          Add an endpoint
        </h3>
        <TextField
          name="url"
          id="webhook-url"
          label="Endpoint URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          hint="The address Zapier, Make or your CRM gives you for incoming webhooks (https://)."
          error={errors.url}
        />
        <TextField
          name="description"
          id="webhook-description"
          label="Description (optional)"
          maxLength={200}
          error={errors.description}
        />
        <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">Events</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="mt-2 flex items-start gap-2">
              <input type="checkbox" name="events" value={type} defaultChecked className="mt-1 size-4" />
              <span>
                <code>{type}</code>: {WEBHOOK_EVENTS[type]}
              </span>
            </label>
          ))}
          {errors.events && (
            <p id="webhook-events-error" className="mt-1 text-sm text-red-800">
              {errors.events}
            </p>
          )}
        </fieldset>
        <button
          type="submit"
          disabled={pending}
          className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
        >
          {pending ? 'Adding...' : 'Add Endpoint'}
        </button>
      </form>
    </div>
  );
}
