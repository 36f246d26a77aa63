import type { LeadKind } from '@/lib/overview/figures';

/**
 * Chart colours: each at least 3:1 against white (WCAG 1.4.11), and told apart by the legend and
 * the tables too, never by colour alone.
 */
export const KIND_COLOURS: Record<LeadKind, string> = {
  contact: '#1e3a5f',
  qualification: '#0f766e',
  application: '#b45309',
  ebook: '#7c3aed',
  calculator: '#be185d',
};

export const BAR_COLOUR = '#1e3a5f';
export const AXIS_TEXT = '#334155';

/** A tick label short enough for a phone: the table under the chart has the whole name. */
export const clip = (label: string, max = 18) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);
