import { describe, expect, it } from 'vitest';
import { seedPosts } from '../posts/seed';
import { relatedCalculators } from './related';

describe('relatedCalculators', () => {
  it('links a post to the calculators its text is about, most mentioned first', () => {
    expect(relatedCalculators('Our DTI limit: debt-to-income of 50%. Draws are paid monthly.')).toEqual([
      'debt-to-income',
      'construction-interest',
    ]);
    expect(relatedCalculators('A post about paint colours.')).toEqual([]);
  });

  it('finds calculators for each post the site ships with', () => {
    for (const post of seedPosts) expect(relatedCalculators(`${post.title} ${post.bodyHtml}`).length).toBeGreaterThan(0);
  });
});
