import 'server-only';
import { z } from 'zod';
import type { DB } from '../db/connect.server';
import { isSameOrigin } from '../http/origin';
import {
  cleanDraftValues,
  DRAFT_BODY_LIMIT,
  DRAFT_EMAIL_FIELD,
  DRAFT_TOKEN_FIELD,
  draftStep,
  type SaveDraftAnswer,
} from './draft-values';
import { saveDraft, type DraftLimits } from './drafts.server';

/**
 * POST /api/application-drafts (app/api/application-drafts/route.ts): 'Save and finish later'.
 * The browser posts the form's values with the e-mail address to send the resume link to; the
 * answer carries the new token, which the tab keeps so that saving again replaces this draft and
 * submitting deletes it. Free of Next's request APIs, so the tests call it with a plain Request.
 */

export interface SaveDeps {
  db: () => Promise<DB>;
  siteUrl: string;
  trustProxy: boolean;
  clientAddress: string;
  limits: DraftLimits;
  now: () => Date;
  /** Tells the outbox worker the e-mail is due now. */
  wake: () => void;
  log: { error: (data: object, message: string) => void };
}

const emailSchema = z.email({ error: 'Enter the e-mail address to send the link to.' }).max(254);

const answer = (status: number, body: SaveDraftAnswer) => ({ status, body });

export async function handleDraftSave(request: Request, deps: SaveDeps): Promise<{ status: number; body: SaveDraftAnswer }> {
  if (!isSameOrigin(request.headers, deps.siteUrl, deps.trustProxy)) {
    return answer(403, { ok: false, reason: 'refused', message: 'Drafts are accepted from this site only.' });
  }
  const text = await request.text();
  if (text.length > DRAFT_BODY_LIMIT) return answer(413, { ok: false, reason: 'invalid', message: 'The draft is too large.' });
  const posted = Object.fromEntries(new URLSearchParams(text));
  const email = emailSchema.safeParse(String(posted[DRAFT_EMAIL_FIELD] ?? '').trim());
  if (!email.success) return answer(422, { ok: false, reason: 'invalid', message: email.error.issues[0]!.message });
  try {
    const db = await deps.db();
    const saved = await db.transaction().execute((trx) =>
      saveDraft(
        trx,
        {
          email: email.data,
          values: cleanDraftValues(posted),
          step: draftStep(posted.step),
          previousToken: posted[DRAFT_TOKEN_FIELD] || undefined,
          clientAddress: deps.clientAddress,
          siteUrl: deps.siteUrl,
        },
        deps.limits,
        deps.now(),
      ),
    );
    if (!saved.ok) {
      return answer(429, {
        ok: false,
        reason: 'limited',
        message: 'We have sent several links from your network just now. Please try again in a while.',
      });
    }
    deps.wake();
    return answer(200, { ok: true, email: email.data, token: saved.token, expiresAt: saved.expiresAt.toISOString() });
  } catch (error) {
    deps.log.error({ event: 'draft.save_failed', err: error }, 'A draft could not be saved');
    return answer(503, {
      ok: false,
      reason: 'failed',
      message: 'Your draft could not be saved just now. Please try again in a moment.',
    });
  }
}
