import { STARTUP_HEADER } from '../lib/runtime/startup-call';

/**
 * Runs the start-up route (app/api/internal/startup/route.ts) through the server itself, before
 * visitors are admitted: cache tags can only be expired inside Next, and a route is where it runs
 * them. The request carries a random per-process token; ./handler.ts turns it into the internal
 * STARTUP_HEADER, which it removes from every other request.
 */
export const STARTUP_TOKEN_HEADER = `${STARTUP_HEADER}-token`;

export async function runStartupRoute(port: number, token: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/api/internal/startup`, {
    method: 'POST',
    headers: { [STARTUP_TOKEN_HEADER]: token },
  });
  if (!response.ok) throw new Error(await response.text());
}
