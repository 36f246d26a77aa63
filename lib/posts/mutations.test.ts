import { afterEach, describe, expect, it } from 'vitest';
import { engines, seededDatabases } from '../../tests/support/engines';
import { createPost, deletePost, PostWriteError, updatePost } from './mutations.server';
import { readPostBySlug, readPosts, readRedirectedSlug } from './queries.server';
import { postInputSchema, slugify, type PostInput } from './schema';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const input = (over: Partial<PostInput> = {}): PostInput => ({
  title: 'Budgeting Your Build',
  excerpt: 'How to plan costs.',
  bodyHtml: '<p>Plan a 10-15% contingency.</p>',
  imageUrl: '',
  category: 'Guides',
  author: 'Construction Loan Pros',
  date: '2026-11-21',
  ...over,
});

describe.each(engines)('post writes (%s)', (_engine, open) => {
  const seeded = seededDatabases(cleanups, open);
  it('creates custom posts at the top with a unique slug', async () => {
    const db = await seeded();
    // A millisecond apart: two posts written in the same millisecond are ordered by id, which is
    // random within it (the race that made this test fail about once in a few hundred runs).
    const first = await createPost(db, input(), new Date('2026-11-27T10:00:00.000Z'));
    const second = await createPost(db, input(), new Date('2026-11-27T10:00:00.001Z'));
    expect([first.slug, second.slug]).toEqual(['budgeting-your-build', 'budgeting-your-build-2']);
    expect(first.isCustom).toBe(true);
    expect((await readPosts(db))[0]?.id).toBe(second.id);
  });

  it('regenerates the slug on edit and redirects the old one; a later post may take the old slug back', async () => {
    const db = await seeded();
    const post = await createPost(db, input());
    const renamed = await updatePost(db, post.id, input({ title: 'Budgeting Your Custom Home' }));
    expect(renamed?.slug).toBe('budgeting-your-custom-home');
    expect(await readRedirectedSlug(db, 'budgeting-your-build')).toBe('budgeting-your-custom-home');
    const again = await updatePost(db, post.id, input({ title: 'Budget Basics' }));
    expect(await readRedirectedSlug(db, 'budgeting-your-build')).toBe(again?.slug);
    expect(await readRedirectedSlug(db, 'budgeting-your-custom-home')).toBe('budget-basics');

    const other = await createPost(db, input({ title: 'Budgeting Your Build' }));
    expect(other.slug).toBe('budgeting-your-build');
    expect(await readRedirectedSlug(db, 'budgeting-your-build')).toBeNull();

    await deletePost(db, post.id);
    expect(await readRedirectedSlug(db, 'budgeting-your-custom-home')).toBeNull();
  });

  it('never edits or deletes an Auto Post', async () => {
    const db = await seeded();
    const auto = (await readPostBySlug(db, 'understanding-construction-loans'))!;
    await expect(updatePost(db, auto.id, input())).rejects.toThrow(PostWriteError);
    await expect(deletePost(db, auto.id)).rejects.toThrow(PostWriteError);
  });

  it('sanitizes the body on save, whatever the request carried', async () => {
    const db = await seeded();
    const post = await createPost(
      db,
      input({
        bodyHtml:
          '<p onclick="x()">Hi <a href="javascript:alert(1)">bad</a> <a href="jo@example.com">mail</a></p><script>alert(1)</script><iframe src="https://x"></iframe><p style="background:url(javascript:alert(1))">s</p>',
      }),
    );
    expect(post.bodyHtml).toBe('<p>Hi <a>bad</a> <a href="mailto:jo@example.com">mail</a></p><p>s</p>');
  });

  it('requires a title and content (spec: Missing Fields)', () => {
    const missing = postInputSchema.safeParse(input({ title: ' ', bodyHtml: '<p></p>' }));
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['title', 'Please provide a title and content for the post.'],
      ['bodyHtml', 'Please provide a title and content for the post.'],
    ]);
  });

  it('makes slugs from titles', () => {
    expect(slugify('Owner-Builder Loans: Façade & Frame!')).toBe('owner-builder-loans-facade-and-frame');
    expect(slugify('???')).toBe('post');
  });
});
