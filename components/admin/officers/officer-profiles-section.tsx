import 'server-only';
import type { AdminContext } from '@/lib/admin/context';
import { listOriginators } from '@/lib/officers/queries.server';
import type { OriginatorAccount } from '@/lib/officers/types';
import { OfficerProfileForm } from './officer-profile-form';
import { RemoveProfileButton } from './remove-profile-button';

/**
 * Security > Team > Loan officer profiles (owner only): a profile per account that originates
 * (the owner and loan officers), each behind its own 'Profile' disclosure. What /team and
 * /team/<slug> show, and whom routing by state may choose.
 */
export async function OfficerProfilesSection({ context }: { context: AdminContext }) {
  const originators = await listOriginators(context.db);
  return (
    <section aria-labelledby="officer-profiles-title" className="space-y-4">
      <div>
        <h3 id="officer-profiles-title" className="text-brand-900 text-lg font-semibold">
          Loan officer profiles
        </h3>
        <p className="mt-1 max-w-3xl text-slate-700">
          Each account that works leads can have a public profile on /team with its NMLS ID and the states it is licensed in.
          Leads sent from a profile go to that officer; leads by state go to an officer licensed there who is not away.
        </p>
      </div>
      <ul className="space-y-3">
        {originators.map((originator) => (
          <li key={originator.accountId}>
            <OriginatorCard originator={originator} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function status(profile: OriginatorAccount['profile']): string {
  if (!profile) return 'No profile yet';
  const parts = [profile.published ? `Published at /team/${profile.slug}` : 'Not published', `NMLS ID ${profile.nmlsId}`];
  if (profile.away) parts.push('Away');
  return parts.join(' · ');
}

function OriginatorCard({ originator }: { originator: OriginatorAccount }) {
  const { accountId, label, profile } = originator;
  const name = profile?.displayName ?? label;
  const titleId = `officer-card-${accountId}-heading`;
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-lg border border-slate-300 p-4" data-testid="officer-profile">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 id={titleId} className="text-brand-900 font-semibold break-words">
            {name}
            <span className="font-normal text-slate-700"> ({originator.role === 'owner' ? 'Owner' : 'Loan officer'})</span>
          </h4>
          <p className="text-sm text-slate-800">{status(profile)}</p>
        </div>
        {profile && <RemoveProfileButton accountId={accountId} name={name} />}
      </div>
      <details>
        <summary className="text-brand-700 cursor-pointer font-medium underline">
          {profile ? `Profile of ${name}` : `Create a profile for ${name}`}
        </summary>
        <div className="mt-3">
          {/*
            Not keyed by the last save: a remount would drop the save's result before its toast
            shows. The card's line above shows what was stored.
          */}
          <OfficerProfileForm
            mode="owner"
            accountId={accountId}
            suggestedName={label === 'Owner' ? '' : label}
            profile={profile}
          />
        </div>
      </details>
    </article>
  );
}
