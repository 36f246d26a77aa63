import type { RateIcon, RateKind } from './schema';

export interface Rate {
  id: string;
  /** The loan type shown as the card's title ('Residential'), not whether the rate is fixed. */
  type: string;
  icon: RateIcon;
  /** The interest rate, e.g. '6.75%'. */
  rate: string;
  apr: string;
  /** Fixed, or adjustable after consummation. */
  rateKind: RateKind;
  term: string;
  notes: string;
  position: number;
  /** ISO time of this rate's last change. */
  updatedAt: string;
}
