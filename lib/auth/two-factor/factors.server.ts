import 'server-only';
import type { DB } from '../../db/connect.server';

/** What an account can prove itself with beyond its password. */
export interface SecondFactors {
  totp: boolean;
  passkeys: number;
}

export async function secondFactorsOf(db: DB, userId: string): Promise<SecondFactors> {
  const row = await db
    .selectFrom('admin_users as u')
    .select((eb) => [
      'u.totp_enabled_at',
      eb
        .selectFrom('passkeys as p')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('p.user_id', '=', 'u.id')
        .as('passkeys'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return { totp: Boolean(row?.totp_enabled_at), passkeys: Number(row?.passkeys ?? 0) };
}

export const hasSecondFactor = (factors: SecondFactors) => factors.totp || factors.passkeys > 0;

/** Whether anyone has a passkey: /login offers 'Sign in with a passkey' only then. */
export async function anyPasskeys(db: DB): Promise<boolean> {
  return Boolean(await db.selectFrom('passkeys').select('id').limit(1).executeTakeFirst());
}
