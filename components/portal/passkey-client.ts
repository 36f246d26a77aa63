import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';

/**
 * What the portal's passkey buttons share. Whether they can work here: 'no-script' in the server's
 * HTML (and without JavaScript, where it stays), then 'supported' or 'unsupported' once hydrated.
 */
export type PasskeySupport = 'no-script' | 'supported' | 'unsupported';

const noSubscription = () => () => undefined;

export function usePasskeySupport(): PasskeySupport {
  return useSyncExternalStore<PasskeySupport>(
    noSubscription,
    () => (browserSupportsWebAuthn() ? 'supported' : 'unsupported'),
    () => 'no-script',
  );
}

const NOT_REACHED = 'We could not be reached. Check your connection and try again.';

/** Posts JSON to one of our passkey routes; their refusals carry `error`, a sentence for the borrower. */
export async function postJson<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  }).catch(() => {
    throw new Error(NOT_REACHED);
  });
  const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new Error(answer.error ?? NOT_REACHED);
  return answer;
}

/**
 * The message for a failed ceremony. The borrower closing the browser's prompt is no error of
 * theirs; the browser's own messages are for developers, ours (from postJson) for the borrower.
 */
export function failureText(error: unknown, messages: { cancelled: string; failed: string }): string {
  if (!(error instanceof Error) || error.name === 'NotAllowedError' || error.name === 'AbortError') return messages.cancelled;
  return error.name === 'Error' ? error.message : messages.failed;
}
