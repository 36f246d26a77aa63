import { addressKey } from '../http/address-key';
import type { ThrottleKey } from './throttle-rules';

/** A device cookie that checked out (./device-cookie.server.ts). */
export interface KnownDevice {
  accountId: string;
  nonce: string;
}

/** Who is signing in, as the sign-in steps see them. */
export interface SignInClient {
  ip: string;
  userAgent: string;
  /** The device cookies this browser holds that checked out, one per account it signed in to here. */
  devices: readonly KnownDevice[];
}

/**
 * The keys a sign-in guess counts against (OWASP's device cookies, ADR 026). A client holding the
 * account's device cookie is judged by that device's own failures alone: nobody else's failures
 * can lock it out. Any other client counts against its address (an IPv6 /64 as one) and against
 * the account's allowance for the clients it does not know.
 *
 * `account` is the account tried: its id, or for an e-mail that has none the e-mail itself, so an
 * unknown address is limited like a known one and the limits tell nobody which exist. It is null
 * where the account is known only after the check (a passkey names it): then any of the
 * browser's device cookies serves.
 */
export function guessKeys(client: SignInClient, account: string | null): ThrottleKey[] {
  const device = client.devices.find((known) => account === null || known.accountId === account);
  if (device) return [{ kind: 'device', value: `${device.accountId}.${device.nonce}` }];
  const keys: ThrottleKey[] = [{ kind: 'address', value: addressKey(client.ip) }];
  if (account !== null) keys.push({ kind: 'account', value: account });
  return keys;
}

/**
 * The key of a guess made inside a session (step-up, the current password of a password change):
 * the session's own allowance, so a stolen session gets no more guesses than a client at the
 * door, and its guesses lock nobody else out.
 */
export function sessionKeys(sessionId: string): ThrottleKey[] {
  return [{ kind: 'session', value: sessionId }];
}
