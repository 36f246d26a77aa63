'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_TEXT, BAR_COLOUR, clip } from './palette';

export interface BarDatum {
  label: string;
  value: number;
}

/**
 * One bar per row, the labels down the left, so names stay readable on a phone however many there
 * are (the chart grows with them). Used for leads by source and conversion by landing page.
 */
export default function HorizontalBarChart({ data, unit, name }: { data: BarDatum[]; unit?: string; name: string }) {
  return (
    <ResponsiveContainer width="100%" height={40 + data.length * 32}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" allowDecimals={unit === '%'} unit={unit} tick={{ fill: AXIS_TEXT, fontSize: 12 }} />
        <YAxis
          type="category"
          dataKey="label"
          width={130}
          tick={{ fill: AXIS_TEXT, fontSize: 12 }}
          tickFormatter={(label: string) => clip(label)}
        />
        <Tooltip />
        <Bar dataKey="value" name={name} unit={unit} fill={BAR_COLOUR} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
