import { describe, expect, it } from 'vitest';
import { byteSize } from './byte-size';

describe('byteSize', () => {
  it('reads bytes, KB and MB', () => {
    expect(byteSize(0)).toBe('0 B');
    expect(byteSize(1023)).toBe('1023 B');
    expect(byteSize(1024)).toBe('1 KB');
    expect(byteSize(1536)).toBe('1.5 KB');
    expect(byteSize(340 * 1024 + 100)).toBe('340 KB');
    expect(byteSize(2.25 * 1024 * 1024)).toBe('2.3 MB');
    expect(byteSize(25 * 1024 * 1024)).toBe('25 MB');
  });
});
