import Link from 'next/link';

const PARAMETER_LABELS: Record<string, string> = {
  kind: 'Kind',
  status: 'Status',
  q: 'Search',
  from: 'From',
  to: 'To',
  page: 'Page',
};

/**
 * A Leads address whose filter is not valid (a mistyped or outdated link): says which part is
 * wrong and offers the full list, instead of guessing what was meant.
 */
export function InvalidLeadFilter({ problems }: { problems: { parameter: string; value: string; message: string }[] }) {
  return (
    <div className="space-y-4">
      <h2 className="text-brand-900 text-xl font-semibold">Leads Database</h2>
      <div role="alert" className="space-y-2 rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-950">
        <p>
          <strong>❌ Filter Not Applied.</strong> Some filters in this address need attention, so no leads are shown:
        </p>
        <ul className="list-disc pl-5">
          {problems.map((p) => (
            <li key={p.parameter}>
              {PARAMETER_LABELS[p.parameter] ?? p.parameter} “{p.value}”: {p.message}
            </li>
          ))}
        </ul>
      </div>
      <Link href="/admin/leads" className="text-brand-800 font-medium underline underline-offset-2">
        Show all leads
      </Link>
    </div>
  );
}
