import { INTERNAL_HEADER_PREFIX } from '../http/client-address';
import { launchedByServer } from './launched-by-server';

/**
 * The mark the server puts on its own start-up call (server/startup.ts). A visitor cannot send it:
 * the server removes every header of its namespace from the requests it receives.
 */
export const STARTUP_HEADER = `${INTERNAL_HEADER_PREFIX}startup`;

export function isStartupCall(headers: Headers): boolean {
  return launchedByServer() && headers.get(STARTUP_HEADER) === '1';
}
