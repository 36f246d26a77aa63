import type { StateCode } from './us-states';

/** A state license or registration the broker holds, as the owner recorded it. */
export interface License {
  id: string;
  /** The USPS code of the state (or DC, PR, GU, VI) that issued it. */
  state: StateCode;
  /** 'Mortgage Broker License', 'Exempt registration', ...: the state's own name for it. */
  type: string;
  /** The number the state gave it, as the state writes it. */
  number: string;
  regulatorName: string;
  /** The regulator's https:// site, linked from the public table; null when not given. */
  regulatorUrl: string | null;
  /** The notice this state requires on the website, word for word; '' when none was entered. */
  notice: string;
  /** ISO times: the ad archive (issue 31, point 5) dates what the licenses page said. */
  createdAt: string;
  updatedAt: string;
}
