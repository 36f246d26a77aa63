import Link from 'next/link';
import type { AdCopyCounts } from '@/lib/compliance/sources';

const EDITORS = [
  { key: 'content', label: 'Site Content', href: '/admin/content' },
  { key: 'rates', label: 'Rates', href: '/admin/rates' },
  { key: 'posts', label: 'Blog', href: '/admin/blog' },
] as const;

/**
 * The Overview's one line about the ad-copy checker's warnings (issue 31): the owner lands here,
 * and the warnings themselves are in the editors. Nothing is shown when there are none.
 */
export function AdCopyNotice({ counts }: { counts: AdCopyCounts }) {
  const editors = EDITORS.filter(({ key }) => counts[key] > 0);
  if (editors.length === 0) return null;
  return (
    <section aria-labelledby="ad-copy-notice-title" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
      <h2 id="ad-copy-notice-title" className="font-semibold text-amber-950">
        Advertising claims to review
      </h2>
      <p className="mt-1 text-slate-800">
        The ad-copy checker found words that advertising rules restrict:{' '}
        {editors.map(({ key, label, href }, index) => (
          <span key={key}>
            {index > 0 && ', '}
            <Link href={href} prefetch={false} className="text-brand-800 font-medium underline">
              {counts[key]} in {label}
            </Link>
          </span>
        ))}
        . Each warning says which rule and can be dismissed there.
      </p>
    </section>
  );
}
