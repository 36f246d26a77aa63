import { isIP } from 'node:net';

/**
 * Where this process can reach itself (its internal routes at start-up, the ad archive's
 * snapshots): the address it listens on (`HOST`), or the loopback when it listens on every
 * interface. With HOST=10.0.0.5 the loopback would find nothing.
 */
export function ownOrigin({ HOST, PORT }: { HOST?: string; PORT: number }): string {
  if (HOST === undefined || HOST === '0.0.0.0' || HOST === '::') return `http://127.0.0.1:${PORT}`;
  return isIP(HOST) === 6 ? `http://[${HOST}]:${PORT}` : `http://${HOST}:${PORT}`;
}
