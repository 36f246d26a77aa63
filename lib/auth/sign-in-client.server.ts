import 'server-only';
import { cookies } from 'next/headers';
import { knownDevices } from './device-cookie.server';
import { requestClient } from './session.server';
import type { SignInClient } from './sign-in-keys';

/** The client of this request as the sign-in routes count it: its address and its device cookies. */
export async function signInClient(): Promise<SignInClient> {
  const { ip, userAgent } = await requestClient();
  return { ip, userAgent, devices: knownDevices((await cookies()).getAll()) };
}
