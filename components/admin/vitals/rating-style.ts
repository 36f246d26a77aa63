import type { Rating } from '@/lib/vitals/metrics';

/** Text and background of each rating: Google's green, amber and red, dark enough to read (AA). */
export const RATING_CLASS: Record<Rating, string> = {
  good: 'bg-emerald-100 text-emerald-900',
  'needs-improvement': 'bg-amber-100 text-amber-950',
  poor: 'bg-red-100 text-red-900',
};

/** The chart's bands and line, the same three colours. */
export const RATING_FILL: Record<Rating, string> = {
  good: '#d1fae5',
  'needs-improvement': '#fef3c7',
  poor: '#fee2e2',
};
