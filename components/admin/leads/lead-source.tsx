import type { Touch } from '@/lib/attribution/touch';
import type { Lead } from '@/lib/leads/types';
import { formatTime } from './format';

/** The lead dialog's 'Where it came from': the first and the last touch the attribution cookie recorded. */

const ROWS: { label: string; value: (touch: Touch) => string | undefined }[] = [
  { label: 'Source', value: (t) => t.utm_source },
  { label: 'Medium', value: (t) => t.utm_medium },
  { label: 'Campaign', value: (t) => t.utm_campaign },
  { label: 'Term', value: (t) => t.utm_term },
  { label: 'Content', value: (t) => t.utm_content },
  { label: 'Google click id', value: (t) => t.gclid },
  { label: 'Facebook click id', value: (t) => t.fbclid },
  { label: 'Microsoft click id', value: (t) => t.msclkid },
  { label: 'Referred by', value: (t) => t.referrer },
  { label: 'Landing page', value: (t) => t.landing },
  { label: 'When', value: (t) => formatTime(t.at) },
];

function TouchRows({ title, touch, testId }: { title: string; touch: Touch; testId: string }) {
  return (
    <div className="mt-3" data-testid={testId}>
      <h4 className="text-sm font-semibold tracking-wide text-slate-700">{title}</h4>
      <dl className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(10rem,auto)_1fr]">
        {ROWS.filter((row) => row.value(touch)).map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-medium text-slate-700">{row.label}</dt>
            <dd className="break-words text-slate-900">{row.value(touch)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function LeadSource({ lead }: { lead: Lead }) {
  const { first, last, firstSource, lastSource } = lead.source;
  return (
    <section aria-labelledby="lead-source">
      <h3 id="lead-source" className="text-brand-900 text-lg font-semibold">
        Where it came from
      </h3>
      {!firstSource ? (
        <p className="text-slate-800">Not recorded (the lead arrived before sources were kept).</p>
      ) : !first ? (
        <p className="text-slate-800">Direct: no campaign tags or referring site were seen before this lead.</p>
      ) : (
        <>
          <p className="text-slate-800">
            First touch: <strong>{firstSource}</strong> · last touch: <strong>{lastSource}</strong>
          </p>
          <TouchRows title="First touch" touch={first} testId="lead-first-touch" />
          {last && <TouchRows title="Last touch" touch={last} testId="lead-last-touch" />}
        </>
      )}
    </section>
  );
}
