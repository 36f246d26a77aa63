'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { LEAD_KINDS } from '@/lib/leads/admin/filter';
import { KIND_LABELS } from '@/lib/leads/statuses';
import type { DayCounts } from '@/lib/overview/figures';
import { shortDay } from '@/lib/overview/format';
import { AXIS_TEXT, KIND_COLOURS } from './palette';

/** Leads per UTC day, stacked by kind. Drawn in the browser only; its text equivalent is the page's. */
export default function LeadsPerDayChart({ days }: { days: DayCounts[] }) {
  const data = days.map(({ day, counts }) => ({ day: shortDay(day), ...counts }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="day" tick={{ fill: AXIS_TEXT, fontSize: 12 }} interval="preserveStartEnd" minTickGap={24} />
        <YAxis allowDecimals={false} tick={{ fill: AXIS_TEXT, fontSize: 12 }} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12, color: AXIS_TEXT }} />
        {LEAD_KINDS.map((kind) => (
          <Bar
            key={kind}
            dataKey={kind}
            name={KIND_LABELS[kind].label}
            stackId="kind"
            fill={KIND_COLOURS[kind]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
