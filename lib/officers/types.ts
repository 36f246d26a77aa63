import type { StateCode } from '../licenses/us-states';

/**
 * A loan officer's profile (issue 31, point 1) as the admin and the public pages see it, apart
 * from the server modules that read it, so components take it without a server import.
 */
export interface OfficerProfile {
  /** The account (admin_users.id) it is of: the owner's is 'admin'. */
  accountId: string;
  /** /team/<slug>. */
  slug: string;
  displayName: string;
  /** 'Senior Loan Officer'; '' when none was given. */
  title: string;
  /** The NMLS unique identifier, digits only. */
  nmlsId: string;
  /** The states the officer is licensed in, in code order. */
  states: StateCode[];
  languages: string[];
  /** As the officer writes it; '' when none was given (the page shows the company's). */
  phone: string;
  /** Plain text; a blank line starts a new paragraph. */
  bio: string;
  /** The photo from the media library; null when none. */
  photo: { id: string; url: string } | null;
  /** Shown on /team, in the sitemap, and takes leads from its own links. */
  published: boolean;
  /** The owner's setting: routing by state passes the officer by; the profile stays up. */
  away: boolean;
  createdAt: string;
  updatedAt: string;
}

/** An account that originates (the owner and loan officers), with its profile if it has one. */
export interface OriginatorAccount {
  accountId: string;
  /** The account's own name or e-mail, for the admin's lists. */
  label: string;
  role: 'owner' | 'loan_officer';
  profile: OfficerProfile | null;
}

/** An officer routing by state may choose (lib/officers/licensed-in.server.ts `officersLicensedIn`). */
export interface LicensedOfficer {
  accountId: string;
  displayName: string;
  nmlsId: string;
}

/** What a message sent in an officer's name signs with (./signature.ts). */
export interface SigningOfficer {
  displayName: string;
  nmlsId: string;
  title: string;
  phone: string;
}
