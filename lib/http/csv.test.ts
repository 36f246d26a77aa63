import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('CSV encoder', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('Jane Builder')).toBe('Jane Builder');
    expect(csvCell('Boise, ID')).toBe('"Boise, ID"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('Zoë Ñúñez 日本')).toBe('Zoë Ñúñez 日本');
  });

  it('neutralizes cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell('+1 208 555 0142')).toBe("'+1 208 555 0142");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('ends each record with CRLF', () => {
    expect(csvRow(['a', 'b,c', '=1'])).toBe('a,"b,c",\'=1\r\n');
  });
});
