'use client';

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { RESUME_PARAM, type DraftStep, type DraftValues } from '@/lib/drafts/draft-values';
import { EARLY } from '@/lib/site/early-controls';
import { clearBrowserDraft, formDraftValues, readBrowserDraft, restoreBrowserDraft, writeBrowserDraft } from './browser-draft';

/**
 * Keeps the application's draft in the browser (./browser-draft.ts) while the form is on screen:
 * at hydration it restores the kept values into the fields the visitor has not touched yet and
 * the page was not given (a prefill link or a resumed draft wins for the fields it names), then
 * writes the form down at every change, and clears it once the application is sent. It also holds
 * the token of the draft saved on the server from this tab.
 */
export function useApplicationDraft(options: {
  formRef: RefObject<HTMLFormElement | null>;
  /** The values the page was rendered with from the server: they win over the browser's. */
  given: DraftValues;
  /** The token of the draft the e-mailed link opened, if any. */
  resumedToken?: string;
  /** The step the draft records (the dialog's step, or how far the page's fields go). */
  step: () => DraftStep;
  /** Offered the kept step once the draft is restored (the dialog moves to it when it can). */
  onKeptStep?: (step: DraftStep) => void;
  done: boolean;
}) {
  const { formRef, resumedToken, done } = options;
  const [token, setToken] = useState(resumedToken);
  const latest = useRef({ options, token });
  useEffect(() => {
    latest.current = { options, token };
  });

  // Nothing is written for a visitor who never typed here: a page view leaves no trace.
  const started = useRef(false);

  const keep = useCallback(() => {
    const form = formRef.current;
    if (!form || latest.current.options.done || !started.current) return;
    writeBrowserDraft({ values: formDraftValues(form), step: latest.current.options.step(), token: latest.current.token });
  }, [formRef]);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const { given, onKeptStep } = latest.current.options;
    // The link's token has done its work: it leaves the address bar (and this history entry).
    if (resumedToken) removeResumeParam();
    const kept = readBrowserDraft();
    started.current = Boolean(kept) || Boolean(resumedToken) || form.hasAttribute(EARLY.firstFocus);
    const start = () => {
      started.current = true;
      keep();
    };
    if (kept) {
      restoreBrowserDraft(form, kept.values, new Set(Object.keys(given)));
      // The browser's storage is read after hydration: the server's render cannot know it.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (!resumedToken && kept.token) setToken(kept.token);
      // Not when the visitor began typing before React: the step they see is where they are.
      if (!resumedToken && kept.step === 1 && !form.hasAttribute(EARLY.firstFocus)) onKeptStep?.(1);
    }
    keep();
    form.addEventListener('input', start);
    form.addEventListener('change', start);
    return () => {
      form.removeEventListener('input', start);
      form.removeEventListener('change', start);
    };
  }, [formRef, resumedToken, keep]);

  useEffect(() => {
    if (done) clearBrowserDraft();
    else keep();
  }, [done, token, keep]);

  return { token, setToken, keep };
}

function removeResumeParam() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(RESUME_PARAM)) return;
  url.searchParams.delete(RESUME_PARAM);
  window.history.replaceState(window.history.state, '', url);
}
