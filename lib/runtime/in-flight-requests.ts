import { processSingleton } from './process-singleton';

/**
 * The requests this process is answering, so a cache expiry can wait for the ones that began
 * before it. A page render that read the database before a write may store its (old) page after
 * the write expired the page's tags: Next dates a stored page by when it was stored, not by when
 * its data was read, so that page would be served as fresh. Expiring once more after every request
 * in flight at the first expiry has finished leaves no such page behind (ADR 014).
 *
 * The server (server/handler.ts) registers every request; the app waits through `settled`.
 */
export class InFlightRequests {
  private next = 1;
  private open = new Set<number>();
  /** Requests that have waited in `settled`: past their writes, so nothing they render is old. */
  private waiting = new Set<number>();
  private changed = new Set<() => void>();

  begin(): number {
    const id = this.next++;
    this.open.add(id);
    return id;
  }

  end(id: number): void {
    this.open.delete(id);
    this.waiting.delete(id);
    this.notify();
  }

  /**
   * Resolves once every request open now (but `self`) has ended or has itself waited here, or after
   * `timeoutMs` (a slow download must not hold an owner's save for long).
   */
  settled(self: number | null, timeoutMs = 5_000): Promise<void> {
    const before = [...this.open].filter((id) => id !== self);
    if (self !== null) {
      this.waiting.add(self);
      this.notify();
    }
    const done = () => before.every((id) => !this.open.has(id) || this.waiting.has(id));
    return new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.changed.delete(check);
        resolve();
      };
      const check = () => {
        if (done()) finish();
      };
      const timer = setTimeout(finish, timeoutMs);
      timer.unref();
      this.changed.add(check);
      check();
    });
  }

  private notify(): void {
    for (const check of [...this.changed]) check();
  }
}

export const inFlightRequests = () => processSingleton('server.inFlightRequests', () => new InFlightRequests());
