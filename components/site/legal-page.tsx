import type { SiteContent } from '@/lib/content/schema';

type LegalPageContent = SiteContent['legal']['privacy'];

/** Privacy policy and licenses: owner-edited sections of plain text (paragraphs split on blank lines). */
export function LegalPage({ page, children }: { page: LegalPageContent; children?: React.ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <h1 className="text-brand-900 text-4xl font-bold tracking-tight">{page.title}</h1>
      <p className="mt-2 text-slate-600">Last updated: {page.updated}</p>
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-brand-900 text-2xl font-semibold">{section.heading}</h2>
          {section.body.split(/\n\s*\n/).map((paragraph, i) => (
            <p key={i} className="mt-3 leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      {children}
    </article>
  );
}
