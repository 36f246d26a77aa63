import { describe, expect, it } from 'vitest';
import { defaultContent } from '../content/defaults';
import { seedPosts } from '../posts/seed';
import { seedRates } from '../rates/seed';
import { checkAdCopy } from './ad-copy';
import { builtInAdTexts, contentAdTexts, postAdTexts, rateAdTexts } from './sources';

/**
 * The editors' texts as the checker reads them, and what it finds in the spec's defaults, which
 * stay as they are (issue 31): the owner is shown their findings.
 */

describe('the texts of each editor', () => {
  it('content: every text by its dotted path, grouped by card or by the object holding it', () => {
    const texts = contentAdTexts(defaultContent);
    const at = (path: string) => texts.find((t) => t.path === path);
    expect(at('pricing.plans.0.features.1.text')).toEqual({
      path: 'pricing.plans.0.features.1.text',
      text: 'Guaranteed approval',
      group: 'pricing.plans.0',
    });
    expect(at('loanTypes.loans.3.features.1')?.group).toBe('loanTypes.loans.3');
    expect(at('hero.features.2')).toMatchObject({ text: 'Quick Approval', group: 'hero' });
    expect(at('meta.home.description')?.group).toBe('meta.home');
    // Ids, icon names and files are no copy.
    expect(texts.some((t) => /(^|\.)(id|icon|imageUrl)$/.test(t.path))).toBe(false);
  });

  it('a rate: its type, term and notes; a post: its title, excerpt and body', () => {
    expect(rateAdTexts(seedRates[0]!).map((t) => [t.path, t.label])).toEqual([
      ['rates.rate-residential.type', 'Rate “Residential” › Type'],
      ['rates.rate-residential.term', 'Rate “Residential” › Term'],
      ['rates.rate-residential.notes', 'Rate “Residential” › Notes'],
    ]);
    const post = seedPosts[0]!;
    expect(postAdTexts(post).map((t) => [t.path, t.group])).toEqual([
      [`posts.${post.id}.title`, `posts.${post.id}`],
      [`posts.${post.id}.excerpt`, `posts.${post.id}`],
      [`posts.${post.id}.bodyHtml`, `posts.${post.id}`],
    ]);
  });
});

describe("the spec's defaults", () => {
  it('content: the plans’ and the footer’s "Guaranteed approval", and the land loans’ term', () => {
    const findings = checkAdCopy([...contentAdTexts(defaultContent), ...builtInAdTexts()]);
    expect(findings.map((f) => [f.rule, f.path, f.excerpt])).toEqual([
      ['trigger-terms', 'loanTypes.loans.3.features.1', 'Terms of 3 to 5 years'],
      ['approval-promise', 'pricing.plans.0.features.1.text', 'Guaranteed approval'],
      ['approval-promise', 'pricing.plans.1.features.1.text', 'Guaranteed approval'],
      ['approval-promise', 'site.footer.services.3', 'Guaranteed Approval'],
    ]);
  });

  it('rates: nothing, their terms disclosed by the representative example', () => {
    expect(checkAdCopy(seedRates.flatMap(rateAdTexts), { disclosuresShown: true })).toEqual([]);
  });

  it('posts: the down payments the guides state without the other disclosures', () => {
    const findings = checkAdCopy(seedPosts.flatMap(postAdTexts));
    expect(findings.map((f) => f.rule)).toEqual(seedPosts.map(() => 'trigger-terms'));
    expect(findings.every((f) => f.path.endsWith('.bodyHtml') && /down/.test(f.excerpt))).toBe(true);
  });
});
