import { afterEach, describe, expect, it } from 'vitest';
import { engines, seededDatabases } from '../../tests/support/engines';
import { defaultContent } from './defaults';
import { updateContentField } from './inline-edit.server';
import { listContentRevisions } from './mutations.server';
import { readSiteContent } from './queries.server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const now = new Date('2026-11-21T10:00:00Z');

describe.each(engines)('inline edits (%s)', (_engine, open) => {
  const seeded = seededDatabases(cleanups, open);

  it('saves one text as a revision named after its path; undo is another revision', async () => {
    const db = await seeded();
    const previous = defaultContent.loanTypes.loans[0]!.features[1]!;
    const path = 'loanTypes.loans.0.features.1';
    expect(await updateContentField(db, { path, value: '  Quick close  ', previous }, now)).toEqual({
      ok: true,
      revision: 2,
      value: 'Quick close',
    });
    expect((await readSiteContent(db)).loanTypes.loans[0]!.features[1]).toBe('Quick close');
    expect(await updateContentField(db, { path, value: previous, previous: 'Quick close', undo: true }, now)).toMatchObject({
      ok: true,
      revision: 3,
    });
    expect(await readSiteContent(db)).toEqual(defaultContent);
    expect((await listContentRevisions(db)).map((r) => r.summary)).toEqual([
      `Inline edit undone: ${path}`,
      `Inline edit: ${path}`,
      'Content before the first saved change',
    ]);
  });

  it('refuses a value the schema rejects with its message, and saves nothing', async () => {
    const db = await seeded();
    const result = await updateContentField(db, {
      path: 'hero.primaryButton',
      value: '   ',
      previous: defaultContent.hero.primaryButton,
    });
    expect(result).toEqual({ ok: false, reason: 'invalid', message: 'This field is required.' });
    expect(await readSiteContent(db)).toEqual(defaultContent);
    expect(await listContentRevisions(db)).toEqual([]);
  });

  it('refuses an edit of a text changed elsewhere since the owner saw it', async () => {
    const db = await seeded();
    const path = 'footer.description';
    await updateContentField(db, { path, value: 'First tab', previous: defaultContent.footer.description });
    const stale = await updateContentField(db, { path, value: 'Second tab', previous: defaultContent.footer.description });
    expect(stale).toEqual({ ok: false, reason: 'conflict' });
    expect((await readSiteContent(db)).footer.description).toBe('First tab');
    // An edit of another text is not blocked by it.
    expect((await updateContentField(db, { path: 'cta.title', value: 'Go', previous: defaultContent.cta.title })).ok).toBe(true);
  });

  it('refuses paths that do not lead to an existing text, and sanitizes the hero title', async () => {
    const db = await seeded();
    for (const path of ['hero', 'hero.extra', 'testimonials.reviews.0.rating', '__proto__.x'])
      expect(await updateContentField(db, { path, value: 'x', previous: '' })).toEqual({ ok: false, reason: 'not-editable' });
    const result = await updateContentField(db, {
      path: 'hero.title',
      value: 'Build <em>now</em><img src=x onerror=alert(1)>',
      previous: defaultContent.hero.title,
    });
    expect(result).toMatchObject({ ok: true, value: 'Build <em>now</em>' });
  });
});
