import { afterEach, describe, expect, it } from 'vitest';
import { engines, seededDatabases } from '../../tests/support/engines';
import { defaultContent } from './defaults';
import { changedPaths } from './diff';
import { listContentRevisions, readContentForEdit, restoreContentRevision, saveContent } from './mutations.server';
import { readSiteContent } from './queries.server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe.each(engines)('content saves and revisions (%s)', (_engine, open) => {
  const seeded = seededDatabases(cleanups, open);
  it('saves a valid document, keeps the original and the new one as revisions with what changed', async () => {
    const db = await seeded();
    const { content, revision } = await readContentForEdit(db);
    expect(revision).toBe(1);
    const edited = { ...content, hero: { ...content.hero, subtitle: 'A new subtitle' }, footer: { description: 'New footer' } };
    const result = await saveContent(db, edited, 1, { now: new Date('2026-11-21T10:00:00Z') });
    expect(result).toMatchObject({ ok: true, revision: 2, summary: 'hero.subtitle, footer.description' });
    expect((await readSiteContent(db)).hero.subtitle).toBe('A new subtitle');
    expect(await listContentRevisions(db)).toEqual([
      { revision: 2, createdAt: '2026-11-21T10:00:00.000Z', summary: 'hero.subtitle, footer.description' },
      { revision: 1, createdAt: '2026-11-01T00:00:00.000Z', summary: 'Content before the first saved change' },
    ]);
  });

  it('refuses a save based on an older revision (changed elsewhere) and saves nothing', async () => {
    const db = await seeded();
    const { content } = await readContentForEdit(db);
    expect((await saveContent(db, { ...content, footer: { description: 'First tab' } }, 1)).ok).toBe(true);
    const stale = await saveContent(db, { ...content, footer: { description: 'Second tab' } }, 1);
    expect(stale).toEqual({ ok: false, reason: 'conflict', currentRevision: 2 });
    expect((await readSiteContent(db)).footer.description).toBe('First tab');
    expect(await listContentRevisions(db)).toHaveLength(2);
  });

  it('returns field errors by path for invalid values and saves nothing', async () => {
    const db = await seeded();
    const { content } = await readContentForEdit(db);
    const review = content.testimonials.reviews[0]!;
    const bad = {
      ...content,
      hero: { ...content.hero, title: '' },
      testimonials: { ...content.testimonials, reviews: [{ ...review, rating: 6 }] },
      hero2: 'ignored',
    };
    const result = await saveContent(db, bad, 1);
    expect(result.ok).toBe(false);
    if (result.ok || result.reason !== 'invalid') throw new Error('expected invalid');
    expect(result.fieldErrors['hero.title']).toBe('This field is required.');
    expect(result.fieldErrors['testimonials.reviews.0.rating']).toMatch(/5/);
    expect(await readSiteContent(db)).toEqual(defaultContent);
    expect(await listContentRevisions(db)).toEqual([]);
  });

  it('sanitizes the hero title (HTML allowed) on save', async () => {
    const db = await seeded();
    const { content } = await readContentForEdit(db);
    const title =
      'Build <span class="text-accent" onmouseover="x()">Now</span><script>alert(1)</script><img src=x onerror=alert(1)>';
    await saveContent(db, { ...content, hero: { ...content.hero, title } }, 1);
    expect((await readSiteContent(db)).hero.title).toBe('Build <span class="text-accent">Now</span>');
  });

  it('restores any revision as a new revision', async () => {
    const db = await seeded();
    const { content } = await readContentForEdit(db);
    await saveContent(db, { ...content, footer: { description: 'Two' } }, 1);
    await saveContent(db, { ...content, footer: { description: 'Three' } }, 2);
    const restored = await restoreContentRevision(db, 1);
    expect(restored).toMatchObject({ ok: true, revision: 4, summary: 'Restored revision 1 (footer.description)' });
    expect(await readSiteContent(db)).toEqual(defaultContent);
    expect((await restoreContentRevision(db, 2))?.ok).toBe(true);
    expect((await readSiteContent(db)).footer.description).toBe('Two');
    expect(await restoreContentRevision(db, 99)).toBeNull();
  });

  it('keeps the optional ebook PDF id valid in stored documents without it', async () => {
    const db = await seeded();
    const { content } = await readContentForEdit(db);
    expect(content.ebook.pdfMediaId).toBeUndefined();
    await saveContent(db, { ...content, ebook: { ...content.ebook, pdfMediaId: 'a'.repeat(32) } }, 1);
    expect((await readSiteContent(db)).ebook.pdfMediaId).toBe('a'.repeat(32));
  });

  it('lists changed paths, a reordered list counting as one change', () => {
    expect(changedPaths({ a: { b: 1, c: [1, 2] } }, { a: { b: 2, c: [2, 1] } })).toEqual(['a.b', 'a.c']);
    expect(changedPaths({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
