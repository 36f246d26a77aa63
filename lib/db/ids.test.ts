import { describe, expect, it } from 'vitest';
import { MEDIA_ID } from '../media/sniff';
import { ID_PATTERN, newId } from './ids';

describe('newId', () => {
  it('is a UUIDv7 as 32 lower-case hex digits: version 7, RFC 9562 variant, the time first', () => {
    const at = Date.parse('2026-11-21T10:00:00.000Z');
    const id = newId(at);
    expect(id).toMatch(ID_PATTERN);
    expect(id[12]).toBe('7');
    expect('89ab').toContain(id[16]);
    expect(parseInt(id.slice(0, 12), 16)).toBe(at);
  });

  it('sorts by creation time and never repeats', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => newId(1_800_000_000_000 + Math.floor(i / 10)));
    expect(new Set(ids).size).toBe(ids.length);
    const earlier = ids.filter((_, i) => i % 10 === 0);
    expect([...earlier].sort()).toEqual(earlier);
  });

  it('sorts in the order made within one millisecond too, each still a UUIDv7', () => {
    const at = 1_800_000_000_123;
    const ids = Array.from({ length: 1_000 }, () => newId(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(parseInt(id.slice(0, 12), 16)).toBe(at);
      expect(id[12]).toBe('7');
      expect('89ab').toContain(id[16]);
    }
    // A millisecond later, the next starts afresh after them.
    expect(newId(at + 1) > ids.at(-1)!).toBe(true);
  });

  it('is a valid media id, so /media/<id>.<ext> serves new uploads', () => {
    expect(newId()).toMatch(MEDIA_ID);
  });
});
