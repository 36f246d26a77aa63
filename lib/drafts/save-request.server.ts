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
import { savedDraftMessage } from './save-messages';

/**
 * 'Save and finish later', however it arrives: POST /api/application-drafts from the panel's
 * script (app/api/application-drafts/route.ts, `handleDraftSave`), or the application form posted
 * without JavaScript to its Server Action (./save-form.server.ts, `saveDraftPost`). The answer
 * carries the token, which the tab or the page keeps so that saving again replaces this draft and
 * submitting deletes it. Free of Next's request APIs, so the tests call it with plain values.
 */

export interface SaveDeps {
  db: () => Promise<DB>;
  /** SITE_URL: the origin a post must come from. */
  siteUrl: string;
  /** The address the e-mailed link is built on (SITE_URL, else the admin's Settings); siteUrl when absent. */
  linkSiteUrl?: (db: DB) => Promise<string>;
  clientAddress: string;
  limits: DraftLimits;
  now: () => Date;
  /** Tells the outbox worker the e-mail is due now. */
  wake: () => void;
  log: { error: (data: object, message: string) => void };
}

const emailSchema = z.email({ error: 'Enter the e-mail address to send the link to.' }).max(254);

const answer = (status: number, body: SaveDraftAnswer) => ({ status, body });

/** The script's post: this site's pages only, a bounded body, then `saveDraftPost`. */
export async function handleDraftSave(
  request: Request,
  deps: SaveDeps & { trustProxy: boolean },
): Promise<{ status: number; body: SaveDraftAnswer }> {
  if (!isSameOrigin(request.headers, deps.siteUrl, deps.trustProxy)) {
    return answer(403, { ok: false, reason: 'refused', message: 'Drafts are accepted from this site only.' });
  }
  const text = await request.text();
  if (text.length > DRAFT_BODY_LIMIT) return answer(413, { ok: false, reason: 'invalid', message: 'The draft is too large.' });
  return saveDraftPost(Object.fromEntries(new URLSearchParams(text)), deps);
}

/** Saves the posted draft (the form's values, `step`, the address, the previous token) and queues its link. */
export async function saveDraftPost(
  posted: Record<string, string>,
  deps: SaveDeps,
): Promise<{ status: number; body: SaveDraftAnswer }> {
  const email = emailSchema.safeParse(String(posted[DRAFT_EMAIL_FIELD] ?? '').trim());
  if (!email.success) return answer(422, { ok: false, reason: 'invalid', message: email.error.issues[0]!.message });
  const previousToken = posted[DRAFT_TOKEN_FIELD] || undefined;
  try {
    const db = await deps.db();
    const saved = await db.transaction().execute(async (trx) =>
      saveDraft(
        trx,
        {
          email: email.data,
          values: cleanDraftValues(posted),
          step: draftStep(posted.step),
          previousToken,
          clientAddress: deps.clientAddress,
          siteUrl: deps.linkSiteUrl ? await deps.linkSiteUrl(trx) : deps.siteUrl,
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
    if (saved.mailed) deps.wake();
    const message = savedDraftMessage({ ...saved, email: email.data, resaved: saved.token === previousToken }, deps.limits);
    return answer(200, {
      ok: true,
      email: email.data,
      token: saved.token,
      expiresAt: saved.expiresAt.toISOString(),
      mailed: saved.mailed,
      message,
    });
  } catch (error) {
    deps.log.error({ event: 'draft.save_failed', err: error }, 'A draft could not be saved');
    return answer(503, {
      ok: false,
      reason: 'failed',
      message: 'Your draft could not be saved just now. Please try again in a moment.',
    });
  }
}
