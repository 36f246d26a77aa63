import 'server-only';
import type { AdminContext } from '@/lib/admin/context';
import { can } from '@/lib/auth/roles';
import { officerOf } from '@/lib/officers/queries.server';
import { OfficerProfileForm } from './officer-profile-form';

/**
 * My Account > My profile: a loan officer's own public profile (accounts that do not work leads
 * have none). "Away" and the photo are the owner's.
 */
export async function OwnProfileSection({ context }: { context: AdminContext }) {
  const { account, db } = context;
  if (!can(account.role, 'leads')) return null;
  const profile = await officerOf(db, account.id);
  return (
    <section aria-labelledby="own-profile-title" className="space-y-4">
      <div>
        <h2 id="own-profile-title" className="text-brand-900 text-xl font-semibold">
          My profile
        </h2>
        <p className="mt-1 max-w-3xl text-slate-700">
          {profile?.published
            ? `Your public page is /team/${profile.slug}. `
            : 'Once published, your profile is listed on /team with its own page. '}
          Your NMLS ID signs the e-mails sent in your name; the states you list decide which leads routing gives you.
          {profile?.away ? ' The owner has marked you away: routing passes you by for now.' : ''}
        </p>
      </div>
      {/* Not keyed by the last save: a remount would drop the save's result before its toast shows. */}
      <OfficerProfileForm mode="own" accountId={account.id} suggestedName={account.name} profile={profile} />
    </section>
  );
}
