import { describe, expect, it } from 'vitest';
import { archivePart, uniquePaths } from './archive-names';

describe('archivePart', () => {
  it('keeps a plain name, accents and all', () => {
    expect(archivePart('Relevé de compte.pdf', 'document')).toBe('Relevé de compte.pdf');
  });

  it('replaces what would make a folder or that Windows refuses', () => {
    expect(archivePart('Bank statements / 2 months', 'Item')).toBe('Bank statements _ 2 months');
    expect(archivePart('a\\b:c*d?"e"<f>|g\u0007', 'Item')).toBe('a_b_c_d__e__f__g_');
  });

  it('drops trailing dots and spaces, and gives the fallback when nothing is left', () => {
    expect(archivePart('Budget. . ', 'Item')).toBe('Budget');
    for (const empty of ['', '   ', '..', '/', '.'.repeat(5)]) expect(archivePart(empty, 'Item'), empty).toBe('Item');
  });

  it('steps around the names Windows keeps for devices', () => {
    expect(archivePart('CON', 'Item')).toBe('_CON');
    expect(archivePart('nul.pdf', 'document')).toBe('_nul.pdf');
    expect(archivePart('Console', 'Item')).toBe('Console');
  });

  it('shortens a long part to 120 characters', () => {
    expect(Array.from(archivePart('é'.repeat(300), 'Item'))).toHaveLength(120);
  });
});

describe('uniquePaths', () => {
  it('numbers a repeated name before its extension, in any case, from 2 up', () => {
    const path = uniquePaths();
    expect(path('Item', 'a.pdf')).toBe('Item/a.pdf');
    expect(path('Item', 'a.pdf')).toBe('Item/a (2).pdf');
    expect(path('Item', 'A.PDF')).toBe('Item/A (3).PDF');
    expect(path('Other', 'a.pdf')).toBe('Other/a.pdf');
    expect(path('Item', 'notes')).toBe('Item/notes');
    expect(path('Item', 'notes')).toBe('Item/notes (2)');
  });

  it('steps past a numbered name that was there already', () => {
    const path = uniquePaths();
    expect(path('Item', 'a (2).pdf')).toBe('Item/a (2).pdf');
    expect(path('Item', 'a.pdf')).toBe('Item/a.pdf');
    expect(path('Item', 'a.pdf')).toBe('Item/a (3).pdf');
  });
});
