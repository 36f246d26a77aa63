'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { Role } from '@/lib/auth/roles';
import { inSection, sectionsFor } from '@/lib/admin/sections';
import { LEAVE_MESSAGE, useUnsavedRegistry } from './unsaved-changes';

/**
 * The dashboard's sections the account's role may open, as links (the spec's tab names). Leaving a section with unsaved edits
 * asks first; a link opened in a new tab leaves nothing behind, so it never asks.
 */
export function AdminNav({ role }: { role: Role }) {
  const pathname = usePathname();
  const unsaved = useUnsavedRegistry();

  return (
    <nav aria-label="Admin sections" className="mt-8">
      <ul className="flex flex-wrap gap-1 border-b border-slate-300">
        {sectionsFor(role).map(({ href, label }) => {
          const current = inSection(href, pathname);
          return (
            <li key={href}>
              <Link
                href={href}
                // Each section loads its own data when opened; prefetching all of them would
                // bring back the one-page dashboard's every-query-on-every-visit.
                prefetch={false}
                aria-current={current ? 'page' : undefined}
                onNavigate={(event) => {
                  if (!current && unsaved.isDirty() && !window.confirm(LEAVE_MESSAGE)) event.preventDefault();
                }}
                className="aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-900 -mb-px block border-b-2 border-transparent px-3 py-2 font-medium text-slate-700 hover:text-slate-950 aria-[current=page]:font-semibold sm:px-4"
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
