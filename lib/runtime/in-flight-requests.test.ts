import { describe, expect, it } from 'vitest';
import { InFlightRequests } from './in-flight-requests';

/** Resolves to 'settled' when `promise` has resolved by the time the queued microtasks ran. */
async function state(promise: Promise<void>): Promise<'settled' | 'waiting'> {
  return Promise.race([
    promise.then(() => 'settled' as const),
    new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), 20)),
  ]);
}

describe('InFlightRequests', () => {
  it('waits for the requests in flight when asked, not for later ones, nor for the asking request', async () => {
    const requests = new InFlightRequests();
    const writer = requests.begin();
    const render = requests.begin();
    const settled = requests.settled(writer);
    const later = requests.begin();
    expect(await state(settled)).toBe('waiting');
    requests.end(render);
    expect(await state(settled)).toBe('settled');
    requests.end(later);
    requests.end(writer);
  });

  it('lets two writers wait at once without waiting for each other', async () => {
    const requests = new InFlightRequests();
    const first = requests.begin();
    const second = requests.begin();
    const render = requests.begin();
    const both = Promise.all([requests.settled(first), requests.settled(second)]).then(() => undefined);
    expect(await state(both)).toBe('waiting');
    requests.end(render);
    expect(await state(both)).toBe('settled');
  });

  it('gives up after its timeout, so a slow download cannot hold a save', async () => {
    const requests = new InFlightRequests();
    requests.begin();
    expect(await state(requests.settled(null, 5))).toBe('settled');
  });
});
