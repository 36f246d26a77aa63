import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 9).toString('base64');
  process.env.SITE_URL = 'https://loans.example.com';
});

const { deviceCookieName, deviceCookieOptions, knownDevices, newDeviceCookie } = await import('./device-cookie.server');

/** Device cookies (ADR 026): only a cookie this server signed, for the account it names, unexpired, counts. */
describe('device cookies', () => {
  const now = new Date('2026-06-01T12:00:00Z');

  it('names the account, is HttpOnly, Strict and __Host- over https, and checks out when sent back', () => {
    const cookie = newDeviceCookie('admin', now);
    expect(cookie.name).toBe(deviceCookieName('admin'));
    expect(cookie.name).toMatch(/^__Host-clp_device_[0-9a-f]{16}$/);
    expect(deviceCookieOptions()).toMatchObject({ httpOnly: true, sameSite: 'strict', secure: true, path: '/' });
    const [known] = knownDevices([cookie], now);
    expect(known?.accountId).toBe('admin');
    // Each sign-in makes a new one: its own nonce, its own allowance.
    expect(newDeviceCookie('admin', now).value).not.toBe(cookie.value);
  });

  it('counts for nothing when altered, moved to another account, unsigned, or older than 180 days', () => {
    const cookie = newDeviceCookie('admin', now);
    const [account, nonce, issued, mac] = cookie.value.split('.') as [string, string, string, string];
    const other = newDeviceCookie('editor-1', now);
    const forged = (value: string, name = cookie.name) => knownDevices([{ name, value }], now);
    expect(forged(`${account}.${nonce}x.${issued}.${mac}`)).toEqual([]);
    expect(forged(`${account}.${nonce}.${Number(issued) + 1}.${mac}`)).toEqual([]);
    expect(forged(`${account}.${nonce}.${issued}.${mac.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`)).toEqual([]);
    expect(forged(`${Buffer.from('editor-1').toString('base64url')}.${nonce}.${issued}.${mac}`)).toEqual([]);
    expect(forged(other.value)).toEqual([]); // another account's cookie under this account's name
    expect(forged(`${account}.${nonce}.${issued}`)).toEqual([]);
    expect(forged('')).toEqual([]);
    expect(forged(cookie.value, 'clp_device_0000000000000000')).toEqual([]);
    expect(knownDevices([cookie], new Date(now.getTime() + 181 * 86_400_000))).toEqual([]);
    expect(knownDevices([cookie], new Date(now.getTime() + 179 * 86_400_000))).toHaveLength(1);
  });

  it('keeps one cookie per account, so a browser shared by two accounts is known to both', () => {
    const owner = newDeviceCookie('admin', now);
    const editor = newDeviceCookie('editor-1', now);
    expect(owner.name).not.toBe(editor.name);
    expect(knownDevices([owner, editor, { name: 'unrelated', value: 'x' }], now).map((d) => d.accountId)).toEqual([
      'admin',
      'editor-1',
    ]);
  });
});
