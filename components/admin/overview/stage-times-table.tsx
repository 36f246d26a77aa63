import type { StageTimes } from '@/lib/overview/figures';
import { formatDuration } from '@/lib/overview/format';

/** The Overview's "Time in each loan stage": a summary sentence and the medians as a small table. */

const DAY = 86_400_000;
const filesWord = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

function summaryOf({ stages, range }: StageTimes): string {
  const timed = stages.filter((s) => s.medianMs !== null);
  if (timed.length === 0) return `No loan file moved on from a stage in the last ${range} days.`;
  const slowest = timed.reduce((top, s) => (s.medianMs! > top.medianMs! ? s : top));
  const fastest = timed.reduce((low, s) => (s.medianMs! < low.medianMs! ? s : low));
  const slow = `${slowest.label}, a median of ${formatDuration(slowest.medianMs!)} over ${filesWord(slowest.files)}`;
  const fast = timed.length > 1 ? `; the shortest ${fastest.label}, ${formatDuration(fastest.medianMs!)}` : '';
  return `Files that moved on from a stage in the last ${range} days spent the longest in ${slow}${fast}.`;
}

export function StageTimesTable({ stageTimes }: { stageTimes: StageTimes }) {
  return (
    <section aria-labelledby="stage-times-title" className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <h4 id="stage-times-title" className="text-brand-900 text-base font-semibold">
        Time in each loan stage
      </h4>
      <p id="stage-times-summary" className="mt-1 text-sm text-slate-700">
        {summaryOf(stageTimes)} A stage’s time runs from a file reaching it to reaching a later one; the draws count as one stage,
        from the first draw to the conversion.
      </p>
      <table className="mt-3 text-left text-sm tabular-nums" aria-labelledby="stage-times-title" data-testid="stage-times">
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-4">
              Stage
            </th>
            <th scope="col" className="py-1 pr-4">
              Median days
            </th>
            <th scope="col" className="py-1 pr-4">
              Files counted
            </th>
          </tr>
        </thead>
        <tbody>
          {stageTimes.stages.map(({ stage, label, medianMs, files }) => (
            <tr key={stage} className="border-t border-slate-100">
              <th scope="row" className="py-1 pr-4 font-normal">
                {label}
              </th>
              <td className="py-1 pr-4">{medianMs === null ? '–' : (medianMs / DAY).toFixed(1)}</td>
              <td className="py-1 pr-4">{files}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
