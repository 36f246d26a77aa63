import type { RateIcon } from '../content/schema';

export interface Rate {
  id: string;
  type: string;
  icon: RateIcon;
  rate: string;
  apr: string;
  term: string;
  notes: string;
  position: number;
  /** ISO time of this rate's last change. */
  updatedAt: string;
}
