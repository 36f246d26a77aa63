import { describe, expect, it } from 'vitest';
import { iterableStream } from './iterable-stream';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('iterableStream', () => {
  it('streams the chunks in order, reading one only when asked', async () => {
    const asked: number[] = [];
    async function* source() {
      for (let i = 0; i < 3; i++) {
        asked.push(i);
        yield bytes(`part ${i};`);
      }
    }
    const stream = iterableStream(source());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toEqual([]);
    expect(await new Response(stream).text()).toBe('part 0;part 1;part 2;');
    expect(asked).toEqual([0, 1, 2]);
  });

  it('errors the stream when the source fails midway, after what it sent', async () => {
    async function* source() {
      yield bytes('first');
      throw new Error('chunk 1 was altered');
    }
    const reader = iterableStream(source()).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first');
    await expect(reader.read()).rejects.toThrow('chunk 1 was altered');
  });

  it('stops the source when the client goes away', async () => {
    let finished = false;
    async function* source() {
      try {
        for (;;) yield bytes('more');
      } finally {
        finished = true;
      }
    }
    const reader = iterableStream(source()).getReader();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
  });
});
