import { describe, expect, it } from 'vitest';
import { chunksOf, type Chunk } from './chunks';

async function* pieces(...sizes: number[]): AsyncGenerator<Uint8Array> {
  let next = 0;
  for (const size of sizes) yield Uint8Array.from({ length: size }, () => next++ % 251);
}

async function all(source: AsyncIterable<Uint8Array>, size: number): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  for await (const chunk of chunksOf(source, size)) chunks.push({ bytes: Buffer.from(chunk.bytes), last: chunk.last });
  return chunks;
}

const shape = (chunks: Chunk[]) => chunks.map((c) => [c.bytes.length, c.last]);

describe('chunksOf', () => {
  it('cuts pieces of any size into full chunks and a shorter last one, keeping every byte in order', async () => {
    const chunks = await all(pieces(3, 9, 1, 0, 6), 8);
    expect(shape(chunks)).toEqual([
      [8, false],
      [8, false],
      [3, true],
    ]);
    expect([...Buffer.concat(chunks.map((c) => c.bytes))]).toEqual(Array.from({ length: 19 }, (_, i) => i));
  });

  it('marks a full chunk as the last when the stream ends right after it', async () => {
    expect(shape(await all(pieces(16), 8))).toEqual([
      [8, false],
      [8, true],
    ]);
    expect(shape(await all(pieces(4, 4), 8))).toEqual([[8, true]]);
  });

  it('yields nothing for an empty stream', async () => {
    expect(await all(pieces(), 8)).toEqual([]);
    expect(await all(pieces(0, 0), 8)).toEqual([]);
  });

  it('reads no further than one piece past the chunk it hands out, and stops the source when dropped', async () => {
    let pulled = 0;
    let stopped = false;
    async function* counted(): AsyncGenerator<Uint8Array> {
      try {
        for (;;) {
          pulled++;
          yield new Uint8Array(4);
        }
      } finally {
        stopped = true;
      }
    }
    for await (const chunk of chunksOf(counted(), 8)) {
      expect(chunk.last).toBe(false);
      break;
    }
    // Two pieces fill the first chunk; the third shows it is not the last.
    expect(pulled).toBe(3);
    expect(stopped).toBe(true);
  });

  it('hands out a new buffer for every chunk', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of chunksOf(pieces(24), 8)) chunks.push(chunk.bytes);
    expect(new Set(chunks.map((c) => c.buffer)).size).toBe(3);
    expect(chunks.map((c) => c[0])).toEqual([0, 8, 16]);
  });
});
