import { expect, test } from '@playwright/test';
import { ClientAt } from '../support/http-from';
import { fetchAdmin, OWNER_PASSWORD } from './admin-support';
import { signInWithForm } from './admin-ui';
import { startServer } from './server';
import { addAccount, TEAM_PASSWORD } from './team-support';

/**
 * Issue 28, finding 5: the hourly sign-in limit counted the failures of every address together, so
 * anyone could keep every admin out. Now (OWASP's device cookies, ADR 026) a browser that has
 * signed in before keeps an allowance of its own, and the other limits are per account and per
 * address.
 *
 * The server runs as `npm start` runs it, trusting no proxy, so it tells clients apart by their
 * sockets' addresses: the attacker sends from 127.0.0.2, the owner from 127.0.0.3 (every 127/8
 * address is this machine's). Chromium cannot choose its source address (it connects from
 * 127.0.0.1), so the owner's browser at 127.0.0.3 is an HTTP client that keeps its cookies; a real
 * browser at 127.0.0.1 shows the same with the cookie as Chromium stores and sends it.
 * LOGIN_LIMIT_PER_HOUR is lowered to 10 so that twenty attempts reach the account's limit.
 */
test('after 20 failures from 127.0.0.2, a browser that signed in before still signs in from 127.0.0.3', async ({ page }) => {
  test.setTimeout(180_000);
  const server = await startServer({ env: { LOGIN_LIMIT_PER_HOUR: '10' } });
  try {
    await addAccount(server.databasePath, {
      id: 'officer000000000000000000000000b',
      email: 'lou@example.com',
      role: 'loan_officer',
    });

    // The owner's browsers have signed in here before, and signed out again.
    const owner = new ClientAt('127.0.0.3', server.url);
    expect((await owner.signIn(OWNER_PASSWORD)).status).toBe(200);
    expect((await owner.signOut()).status).toBe(303);
    await signInWithForm(page, server.url);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${server.url}/login`);

    // Twenty wrong guesses at the owner's password from 127.0.0.2.
    const attacker = new ClientAt('127.0.0.2', server.url);
    // Sent at once: each guess is counted before its password is checked, so parallel guesses
    // reach the same limits as one after another (and none waits out another's second).
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attacker.signIn(`guess ${i}`)));
    const statuses = answers.map((answer) => answer.status).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(10).fill(429)]);
    expect((await attacker.signIn(OWNER_PASSWORD)).status).toBe(429);

    // A client that never signed in here finds the owner's account closed, from any address...
    const stranger = new ClientAt('127.0.0.3', server.url);
    const closed = await stranger.signIn(OWNER_PASSWORD);
    expect(closed.status).toBe(429);
    expect(closed.body).toMatch(/Too many sign-in attempts\. Please try again in \d+ minutes\./);
    // ...but the failures against the owner's account close no other account.
    expect((await stranger.signIn(TEAM_PASSWORD, 'lou@example.com')).status).toBe(200);

    // The browser that signed in before signs in from 127.0.0.3 with the right password.
    const back = await owner.signIn(OWNER_PASSWORD);
    expect(back.status).toBe(200);
    expect((await fetchAdmin(server.url, owner.cookieHeader())).isAdmin).toBe(true);
    // And so does the real one, with the cookie Chromium kept.
    await signInWithForm(page, server.url);
  } finally {
    await server.stop();
  }
});
