'use client';

import { useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { buttonStyles } from '@/lib/ui/button-styles';
import {
  DRAFT_DAYS,
  DRAFT_EMAIL_FIELD,
  DRAFT_SAVE_PATH,
  DRAFT_TOKEN_FIELD,
  type DraftStep,
  type SaveDraftAnswer,
} from '@/lib/drafts/draft-values';
import { EARLY } from '@/lib/site/early-controls';
import { formDraftValues } from './browser-draft';
import { inputClass, labelClass } from './form-parts';

// 'sent' is any save, with its link e-mailed or not (a limit held it back: the message says so).
type Status = { state: 'idle' | 'sending' } | { state: 'sent' | 'error'; message: string };

/**
 * 'Save and finish later': asks for an e-mail address, saves the draft on the server and has a
 * resume link sent there (lib/drafts/). The panel opens before React too (a disclosure the boot
 * script answers, ADR 015); its open state lives in the DOM, where the script and this component
 * both read it. The address field has no name, so it is never sent with the application.
 *
 * Without JavaScript the disclosure cannot open: the browser shows `children` instead, a
 * <noscript> (./save-without-script.tsx, on the application's pages).
 */
export function SaveForLater({
  idPrefix,
  formRef,
  step,
  token,
  onSaved,
  children,
}: {
  idPrefix: string;
  formRef: RefObject<HTMLFormElement | null>;
  step: () => DraftStep;
  token?: string;
  onSaved: (token: string) => void;
  /** What stands in without JavaScript (./save-without-script.tsx). */
  children?: ReactNode;
}) {
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const emailRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = `${idPrefix}-save`;
  const emailId = `${idPrefix}-save-email`;
  const messageId = `${idPrefix}-save-message`;

  function toggle(button: HTMLButtonElement) {
    const panel = panelRef.current;
    if (!panel) return;
    const open = panel.hidden;
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    const email = emailRef.current;
    if (open && email) {
      // The application's own e-mail field, when filled in, is the likely address.
      const typed = formRef.current?.elements.namedItem('email');
      if (!email.value && typed instanceof HTMLInputElement) email.value = typed.value;
      email.focus();
    }
  }

  async function send() {
    const form = formRef.current;
    const email = emailRef.current;
    if (!form || !email || status.state === 'sending') return;
    const body = new URLSearchParams(formDraftValues(form));
    body.set('step', String(step()));
    body.set(DRAFT_EMAIL_FIELD, email.value);
    if (token) body.set(DRAFT_TOKEN_FIELD, token);
    setStatus({ state: 'sending' });
    let answer: SaveDraftAnswer;
    try {
      const response = await fetch(DRAFT_SAVE_PATH, { method: 'POST', body, headers: { Accept: 'application/json' } });
      answer = (await response.json()) as SaveDraftAnswer;
    } catch {
      answer = { ok: false, reason: 'failed', message: 'Could not save just now. Please try again.' };
    }
    if (answer.ok) {
      onSaved(answer.token);
      setStatus({ state: 'sent', message: answer.message });
    } else {
      setStatus({ state: 'error', message: answer.message });
      if (answer.reason === 'invalid') email.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter here sends the link, not the application.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void send();
  }

  const invalid = status.state === 'error';
  return (
    <div className="border-t border-slate-200 pt-4">
      <button
        type="button"
        // Without JavaScript nothing would open (app/globals.css hides it then, by its aria-controls):
        // the <noscript> version below stands in (in the home page's dialog, nothing: the dialog
        // needs JavaScript).
        className="text-brand-800 text-sm font-semibold underline underline-offset-4"
        aria-expanded="false"
        aria-controls={panelId}
        {...{ [EARLY.disclosure]: '' }}
        onClick={(event) => toggle(event.currentTarget)}
      >
        Save and finish later
      </button>
      <div ref={panelRef} id={panelId} hidden className="mt-3 space-y-3">
        <p className="text-sm text-slate-700">
          We will e-mail you a link back to this application, on any device, for {DRAFT_DAYS} days.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grow">
            <label htmlFor={emailId} className={labelClass}>
              Your e-mail address
            </label>
            <input
              ref={emailRef}
              id={emailId}
              type="email"
              autoComplete="email"
              onKeyDown={onKeyDown}
              aria-invalid={invalid || undefined}
              aria-describedby={messageId}
              className={inputClass}
            />
          </div>
          <button type="button" className={buttonStyles.secondary} disabled={status.state === 'sending'} onClick={send}>
            {status.state === 'sending' ? 'Sending...' : 'Email me the link'}
          </button>
        </div>
        <p
          id={messageId}
          role="status"
          aria-live="polite"
          className={`min-h-5 text-sm font-medium ${invalid ? 'text-red-800' : 'text-green-800'}`}
        >
          {status.state === 'sent' || status.state === 'error' ? status.message : ''}
        </p>
      </div>
      {children}
    </div>
  );
}
