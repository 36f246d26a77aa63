import type { PageNotice } from '@/lib/licenses/state-notices';

/**
 * The notices the states of the broker's licenses require on the website, each under its own
 * heading with the rule that prescribes it. Texas wants its notice on the home page or a page the
 * home page links to, easily readable: at least 12 points (this is 16 px) and in the form's own
 * capitals (7 TAC §55.3), so the text is shown as stored, never restyled.
 */
export function StateNotices({ notices }: { notices: PageNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <section aria-labelledby="state-notices-title" className="mt-8">
      <h2 id="state-notices-title" className="text-brand-900 text-2xl font-semibold">
        Notices required by state
      </h2>
      {notices.map((notice) => (
        <section
          key={notice.anchor}
          id={notice.anchor}
          aria-labelledby={`${notice.anchor}-title`}
          className="mt-4 rounded-lg border border-slate-300 bg-white p-4"
          data-testid="state-notice"
        >
          <h3 id={`${notice.anchor}-title`} className="text-brand-900 text-xl font-semibold">
            {notice.title}
          </h3>
          {notice.citation && <p className="mt-1 text-base text-slate-700">Required by {notice.citation}.</p>}
          {notice.paragraphs.map((paragraph, i) => (
            <p key={i} className="mt-3 text-base leading-relaxed break-words text-slate-900">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </section>
  );
}
