import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { open, seal } from '../auth/secret-box.server';

/**
 * Each document is encrypted with its own random AES-256-GCM key, and that key is kept sealed by
 * SECRET_KEY (envelope encryption): changing SECRET_KEY re-seals a few hundred bytes per document,
 * never its content (rewrapDocumentKeys). The content is encrypted chunk by chunk; each chunk's
 * nonce is the document's random prefix and the chunk's number, and its associated data names the
 * document, the number and whether it is the last, so a chunk moved to another place or document,
 * or a file cut short after any chunk, fails its tag instead of opening.
 */

/**
 * Plaintext bytes per chunk: small enough to hold one at a time, large enough to keep rows few.
 * 256 KiB rather than 1 MiB: four uploads at once hold a few copies of a chunk each (the chunk, the
 * ciphertext, SQLite's copy), and the server's memory grew by 46-48 MB with 1 MiB, 28-34 MB with
 * 256 KiB, at the same speed (`npm run bench:uploads`, docs/performance.md).
 */
export const CHUNK_BYTES = 256 * 1024;

export interface DocumentKey {
  key: Buffer;
  /** 8 random bytes; with a 4-byte chunk number it makes the 12-byte GCM nonce. */
  noncePrefix: Buffer;
}

/** A chunk that fails its tag, or is missing: the stored document was altered or damaged. */
export class DocumentIntegrityError extends Error {
  override name = 'DocumentIntegrityError';
}

export function newDocumentKey(): DocumentKey {
  return { key: randomBytes(32), noncePrefix: randomBytes(8) };
}

function nonce(noncePrefix: Buffer, seq: number): Buffer {
  const bytes = Buffer.alloc(12);
  noncePrefix.copy(bytes, 0, 0, 8);
  bytes.writeUInt32BE(seq, 8);
  return bytes;
}

const associatedData = (documentId: string, seq: number, last: boolean) => Buffer.from(`${documentId}:${seq}:${last ? 1 : 0}`);

/** The chunk's ciphertext followed by its 16-byte tag. */
export function encryptChunk(key: DocumentKey, documentId: string, seq: number, last: boolean, plaintext: Uint8Array): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce(key.noncePrefix, seq));
  cipher.setAAD(associatedData(documentId, seq, last));
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

export function decryptChunk(key: DocumentKey, documentId: string, seq: number, last: boolean, data: Uint8Array): Buffer {
  const sealed = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (sealed.length < 16) throw new DocumentIntegrityError(`Chunk ${seq} of document ${documentId} is damaged.`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, nonce(key.noncePrefix, seq));
    decipher.setAAD(associatedData(documentId, seq, last));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  } catch {
    throw new DocumentIntegrityError(`Chunk ${seq} of document ${documentId} fails its check: it was altered or damaged.`);
  }
}

/** A wrapped key or sealed name that SECRET_KEY does not open: the key was changed without rewrapping. */
export class DocumentKeyError extends Error {
  override name = 'DocumentKeyError';
}

export const keyContext = (documentId: string) => `document-key:${documentId}`;
export const nameContext = (documentId: string) => `document:${documentId}`;

export function wrapKey(key: Buffer, documentId: string, secret?: Buffer): string {
  return seal(key.toString('base64url'), keyContext(documentId), secret);
}

export function unwrapKey(wrapped: string, documentId: string): Buffer {
  const key = open(wrapped, keyContext(documentId));
  if (key === null) throw keyError(documentId);
  return Buffer.from(key, 'base64url');
}

export function sealName(name: string, documentId: string, secret?: Buffer): string {
  return seal(name, nameContext(documentId), secret);
}

export function openName(sealed: string, documentId: string): string {
  const name = open(sealed, nameContext(documentId));
  if (name === null) throw keyError(documentId);
  return name;
}

const keyError = (documentId: string) =>
  new DocumentKeyError(
    `Document ${documentId} does not open with SECRET_KEY: was the key changed without 'npm run secret-key:rotate'?`,
  );
