/**
 * An upload's bytes, arriving in pieces of whatever size the network gave, cut into the store's
 * fixed-size chunks. A chunk must be known as the last when it is encrypted (its associated data
 * says so, so a truncated file does not open), yet a stream tells its end only after its last
 * piece: a full chunk is held back until one more byte arrives or the stream ends. That look-ahead
 * is the only buffering: one chunk and the piece being cut, never the whole file.
 */

export interface Chunk {
  bytes: Buffer;
  last: boolean;
}

export async function* chunksOf(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Chunk> {
  let full: Buffer | null = null;
  let filling: Buffer | null = null;
  let filled = 0;
  for await (const piece of source) {
    for (let offset = 0; offset < piece.length;) {
      // More bytes follow the full chunk, so it is not the last.
      if (full) yield { bytes: full, last: false };
      full = null;
      // A fresh buffer for every chunk: the one handed out may still be in use (a socket's queue).
      filling ??= Buffer.alloc(size);
      const taken = Math.min(size - filled, piece.length - offset);
      filling.set(piece.subarray(offset, offset + taken), filled);
      filled += taken;
      offset += taken;
      if (filled === size) {
        full = filling;
        filling = null;
        filled = 0;
      }
    }
  }
  if (full) yield { bytes: full, last: true };
  else if (filling) yield { bytes: filling.subarray(0, filled), last: true };
}
