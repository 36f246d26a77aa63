import type { SiteContent } from '../content/schema';
import type { Post } from '../posts/types';
import type { Rate } from '../rates/types';
import { services } from '../site/nav';
import type { AdCopyText } from './ad-copy';

/**
 * The texts of each editor as the ad-copy checker reads them: a path the editor knows, and the
 * group a visitor sees together (a card, a post), where one text's disclosure counts for all.
 */

/** How many warnings each editor holds (the Overview's notice). */
export type AdCopyCounts = Record<'content' | 'rates' | 'posts', number>;

/** Values of the content tree that are no copy: ids, icon names, files. */
const NOT_COPY = new Set(['id', 'icon', 'imageUrl', 'pdfMediaId']);

/**
 * Every text of the site content, with dotted paths as the editor's field errors have them
 * ('pricing.plans.0.features.1.text'). A group is a list's card ('loanTypes.loans.3') or, outside
 * lists of cards, the object holding the text ('hero' for 'hero.features.2', 'meta.home').
 */
export function contentAdTexts(content: SiteContent): AdCopyText[] {
  const texts: AdCopyText[] = [];
  const walk = (node: unknown, path: string, card: string | null) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (NOT_COPY.has(key)) continue;
      const at = path ? `${path}.${key}` : key;
      const group = card ?? (path || at);
      if (typeof value === 'string') texts.push({ path: at, text: value, group });
      else if (Array.isArray(value))
        value.forEach((item, index) => {
          if (typeof item === 'string') texts.push({ path: `${at}.${index}`, text: item, group });
          else walk(item, `${at}.${index}`, card ?? `${at}.${index}`);
        });
      else walk(value, at, card);
    }
  };
  walk(content, '', null);
  return texts;
}

/**
 * Copy built into the site rather than stored: the footer's services, shown on every page. The
 * spec fixes them (lib/site/nav.ts), so the owner sees their findings with the content's.
 */
export function builtInAdTexts(): AdCopyText[] {
  return services.map((service, index) => ({
    path: `site.footer.services.${index}`,
    text: service,
    label: 'Footer › Services (built into the site)',
    group: 'site.footer.services',
  }));
}

/** A rate card's own words; its rate and APR are checked as a pair by the rate schema. */
export function rateAdTexts(rate: Pick<Rate, 'id' | 'type' | 'term' | 'notes'>): AdCopyText[] {
  const name = rate.type.trim() || 'rate';
  return (['type', 'term', 'notes'] as const).map((field) => ({
    path: `rates.${rate.id}.${field}`,
    text: rate[field],
    label: `Rate “${name}” › ${field === 'type' ? 'Type' : field === 'term' ? 'Term' : 'Notes'}`,
    group: `rates.${rate.id}`,
  }));
}

/** A post, read as one ad: its title, excerpt and body. */
export function postAdTexts(post: Pick<Post, 'id' | 'title' | 'excerpt' | 'bodyHtml'>): AdCopyText[] {
  const fields = [
    ['title', post.title, 'Title'],
    ['excerpt', post.excerpt, 'Excerpt'],
    ['bodyHtml', post.bodyHtml, 'Content'],
  ] as const;
  return fields.map(([field, text, label]) => ({
    path: `posts.${post.id}.${field}`,
    text,
    label: `Post “${post.title}” › ${label}`,
    group: `posts.${post.id}`,
  }));
}
