import type { OfficerProfile } from '@/lib/officers/types';
import { OfficerFacts } from './officer-facts';
import { OfficerPhoto } from './officer-photo';

/** One officer on /team: photo, name (linked to the profile), title and facts. No script. */
export function OfficerCard({ officer }: { officer: OfficerProfile }) {
  return (
    <article className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row">
      <OfficerPhoto officer={officer} size="card" />
      <div className="min-w-0">
        <h2 className="text-brand-900 text-xl font-bold">
          <a href={`/team/${officer.slug}`} className="hover:underline">
            {officer.displayName}
          </a>
        </h2>
        {officer.title && <p className="text-slate-700">{officer.title}</p>}
        <OfficerFacts officer={officer} className="mt-3 text-sm" />
      </div>
    </article>
  );
}
