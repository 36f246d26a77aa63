import 'server-only';
import { readContentForEdit } from '../content/mutations.server';
import type { SiteContent } from '../content/schema';
import type { DB } from '../db/connect.server';
import { readPosts } from '../posts/queries.server';
import type { Post } from '../posts/types';
import { readRates } from '../rates/queries.server';
import type { Rate } from '../rates/types';
import { checkAdCopy, type AdCopyFinding } from './ad-copy';
import { withoutDismissed } from './dismissals.server';
import { builtInAdTexts, contentAdTexts, postAdTexts, rateAdTexts, type AdCopyCounts } from './sources';

/** The warnings each editor shows when it opens and after a save: the findings not dismissed. */

/** The site content's, with the copy built into every page (the footer's services). */
export function contentAdCopy(db: DB, content: SiteContent): Promise<AdCopyFinding[]> {
  return withoutDismissed(db, checkAdCopy([...contentAdTexts(content), ...builtInAdTexts()]));
}

/**
 * Rate cards stand beside the rates page's representative example, which gives the disclosures
 * a trigger term needs (lib/rates/example.ts); the other rules apply to their words as anywhere.
 */
export function ratesAdCopy(db: DB, rates: readonly Rate[]): Promise<AdCopyFinding[]> {
  return withoutDismissed(db, checkAdCopy(rates.flatMap(rateAdTexts), { disclosuresShown: true }));
}

export function postsAdCopy(db: DB, posts: readonly Post[]): Promise<AdCopyFinding[]> {
  return withoutDismissed(db, checkAdCopy(posts.flatMap(postAdTexts)));
}

/** How many warnings each editor holds, for the Overview's notice to the owner. */
export async function adCopyCounts(db: DB): Promise<AdCopyCounts> {
  const [{ content }, rates, posts] = await Promise.all([readContentForEdit(db), readRates(db), readPosts(db)]);
  const [c, r, p] = await Promise.all([contentAdCopy(db, content), ratesAdCopy(db, rates), postsAdCopy(db, posts)]);
  return { content: c.length, rates: r.length, posts: p.length };
}
