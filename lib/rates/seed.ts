import type { Rate } from './types';

/** The spec's four sample rates (section 9), in display order; all four are fixed. */
export const seedRates: Omit<Rate, 'position' | 'updatedAt'>[] = [
  {
    id: 'rate-residential',
    type: 'Residential',
    icon: 'Building',
    rate: '6.75%',
    apr: '7.15%',
    rateKind: 'fixed',
    term: '12-18 months',
    notes: 'Construction-to-permanent available; interest-only payments during the build.',
  },
  {
    id: 'rate-remodeling',
    type: 'Remodeling',
    icon: 'TrendingUp',
    rate: '7.25%',
    apr: '7.65%',
    rateKind: 'fixed',
    term: 'up to 12 months',
    notes: 'Sized on the after-renovation value of the home.',
  },
  {
    id: 'rate-owner-builder',
    type: 'Owner Builder',
    icon: 'Banknote',
    rate: '7.50%',
    apr: '7.95%',
    rateKind: 'fixed',
    term: '12 months',
    notes: 'For licensed contractors and experienced owner-builders; larger down payment required.',
  },
  {
    id: 'rate-land',
    type: 'Land',
    icon: 'Percent',
    rate: '8.50%',
    apr: '8.90%',
    rateKind: 'fixed',
    term: '3-5 years',
    notes: 'Raw and improved lots; land equity can count toward a later construction loan.',
  },
];
