'use client';

import dynamic from 'next/dynamic';

/**
 * The charts load on their own, in the browser only: Recharts measures the space it draws in,
 * and the page's figures and tables (the charts' text equivalents) need none of it. Admin only:
 * nothing here is reachable from a public page.
 */

const placeholder = (height: number) =>
  function ChartPlaceholder() {
    return <div style={{ height }} className="animate-pulse rounded bg-slate-100" />;
  };

export const LeadsPerDayChart = dynamic(() => import('./leads-per-day-chart'), { ssr: false, loading: placeholder(260) });
export const HorizontalBarChart = dynamic(() => import('./horizontal-bar-chart'), { ssr: false, loading: placeholder(120) });
