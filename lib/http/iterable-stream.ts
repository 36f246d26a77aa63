/**
 * An async iterable as a web ReadableStream for a Response body, read only as fast as the client
 * takes it: each pull asks the source for one more chunk, and nothing is read ahead (a document's
 * chunk is decrypted when the client is ready for it, so memory holds one whatever the size). The
 * source's failure errors the stream, so the response is broken off rather than ended as if
 * complete; a client going away stops the source. `ReadableStream.from` would do the same, but
 * TypeScript's DOM types do not know it yet.
 */
export function iterableStream<T extends Uint8Array>(source: AsyncIterable<T>): ReadableStream<T> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<T>(
    {
      async pull(controller) {
        let next: IteratorResult<T>;
        try {
          next = await iterator.next();
        } catch (error) {
          controller.error(error);
          return;
        }
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
