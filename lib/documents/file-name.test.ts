import { describe, expect, it } from 'vitest';
import { documentFileName } from './file-name';

describe('documentFileName', () => {
  it('keeps an ordinary name as sent, accents and spaces included', () => {
    expect(documentFileName('Relevé bancaire mars 2026.pdf', 'pdf')).toBe('Relevé bancaire mars 2026.pdf');
  });

  it('drops a path, control characters and bidirectional overrides', () => {
    expect(documentFileName('C:\\fakepath\\W-2 2025.pdf', 'pdf')).toBe('W-2 2025.pdf');
    expect(documentFileName('../../etc/passwd', 'pdf')).toBe('passwd');
    expect(documentFileName('pay\u0000stub\r\n.png', 'png')).toBe('paystub.png');
    expect(documentFileName('invoice\u202Efdp.exe', 'pdf')).toBe('invoicefdp.exe');
  });

  it('bounds the length and names a nameless file by its type', () => {
    const long = documentFileName(`${'é'.repeat(300)}.pdf`, 'pdf');
    expect(Array.from(long)).toHaveLength(200);
    expect(long).toBe(`${'é'.repeat(196)}.pdf`);
    expect(documentFileName('', 'jpeg')).toBe('document.jpg');
    expect(documentFileName('  \u202E ', 'heic')).toBe('document.heic');
    expect(documentFileName('photos/', 'png')).toBe('document.png');
  });
});
