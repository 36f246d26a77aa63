import { SERVER_CALL_HEADER } from '../lib/http/server-call';

/**
 * The server's own calls to the app's internal routes (app/api/internal/): cache tags can only be
 * expired inside Next, and a route is where it runs them. Each call carries the process's random
 * token; ./handler.ts turns it into SERVER_CALL_HEADER, which it removes from every other request,
 * so the routes answer nobody else.
 */
export const SERVER_TOKEN_HEADER = `${SERVER_CALL_HEADER}-token`;

/** `origin`: where the server reaches itself (lib/http/own-origin.ts). */
export function internalCaller(origin: string, token: string) {
  return async (path: string, body?: unknown): Promise<void> => {
    const response = await fetch(`${origin}/api/internal/${path}`, {
      method: 'POST',
      headers: { [SERVER_TOKEN_HEADER]: token, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(await response.text());
  };
}
