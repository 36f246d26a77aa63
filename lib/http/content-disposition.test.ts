import { describe, expect, it } from 'vitest';
import { asciiFileName, contentDisposition } from './content-disposition';

describe('Content-Disposition', () => {
  it('names a plain file twice, as it is', () => {
    expect(contentDisposition('inline', 'bank-statement.pdf')).toBe(
      `inline; filename="bank-statement.pdf"; filename*=UTF-8''bank-statement.pdf`,
    );
  });

  it('keeps a UTF-8 name in filename* and gives an ASCII stand-in', () => {
    expect(contentDisposition('attachment', 'Relevé José 日本.pdf')).toBe(
      `attachment; filename="Releve Jose __.pdf"; filename*=UTF-8''Relev%C3%A9%20Jos%C3%A9%20%E6%97%A5%E6%9C%AC.pdf`,
    );
  });

  it('lets no character end a parameter or start another', () => {
    const header = contentDisposition('attachment', `a"b\\c;d'e(f)*\r\nX-Evil: 1%41.pdf`);
    expect(header).toBe(
      `attachment; filename="a_b_c;d'e(f)*__X-Evil: 1_41.pdf"; filename*=UTF-8''a%22b%5Cc%3Bd%27e%28f%29%2A%0D%0AX-Evil%3A%201%2541.pdf`,
    );
    expect(header).not.toMatch(/[\r\n]/);
    // The quoted form holds exactly two quotes: its own.
    expect(/filename="([^"]*)"/.exec(header)?.[1]).toBe(`a_b_c;d'e(f)*__X-Evil: 1_41.pdf`);
  });

  it('falls back to "document" when nothing of the name is ASCII', () => {
    expect(asciiFileName('日本')).toBe('document');
    expect(asciiFileName('')).toBe('document');
    expect(asciiFileName('写真.jpg')).toBe('__.jpg');
  });
});
