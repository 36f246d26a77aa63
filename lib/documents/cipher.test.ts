import { describe, expect, it } from 'vitest';
import { decryptChunk, DocumentIntegrityError, encryptChunk, newDocumentKey } from './cipher.server';

const ID = '019a5f3c2b7e7c1d8e9f0a1b2c3d4e5f';
const plaintext = Buffer.from('Pay stub, March: gross 4,210.00');

describe('document chunk encryption', () => {
  it('opens a chunk with its key, document, place and last flag, and hides its bytes', () => {
    const key = newDocumentKey();
    const sealed = encryptChunk(key, ID, 3, false, plaintext);
    expect(sealed).toHaveLength(plaintext.length + 16);
    expect(sealed.includes(plaintext.subarray(0, 8))).toBe(false);
    expect(decryptChunk(key, ID, 3, false, sealed)).toEqual(plaintext);
  });

  it('makes each chunk’s nonce from the prefix and its number, so equal chunks differ', () => {
    const key = newDocumentKey();
    expect(key.key).toHaveLength(32);
    expect(key.noncePrefix).toHaveLength(8);
    expect(encryptChunk(key, ID, 0, false, plaintext).equals(encryptChunk(key, ID, 1, false, plaintext))).toBe(false);
    expect(newDocumentKey().key.equals(key.key)).toBe(false);
  });

  it('refuses a chunk moved to another place, another document, marked last when it was not, or altered', () => {
    const key = newDocumentKey();
    const sealed = encryptChunk(key, ID, 1, false, plaintext);
    expect(() => decryptChunk(key, ID, 2, false, sealed)).toThrow(DocumentIntegrityError);
    expect(() => decryptChunk(key, `${ID.slice(0, -1)}0`, 1, false, sealed)).toThrow(DocumentIntegrityError);
    // A file cut short after this chunk would need it to be the last: it was not sealed as such.
    expect(() => decryptChunk(key, ID, 1, true, sealed)).toThrow(DocumentIntegrityError);
    expect(() => decryptChunk(newDocumentKey(), ID, 1, false, sealed)).toThrow(DocumentIntegrityError);
    const altered = Buffer.from(sealed);
    altered[5]! ^= 1;
    expect(() => decryptChunk(key, ID, 1, false, altered)).toThrow(/chunk 1 .* fails its check/i);
    expect(() => decryptChunk(key, ID, 1, false, sealed.subarray(0, 10))).toThrow(DocumentIntegrityError);
  });
});
