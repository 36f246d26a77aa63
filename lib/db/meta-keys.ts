/** Keys of the app_meta table, named once. */
export const MetaKey = {
  /** When the first-start seed ran; its presence makes the seed a no-op. */
  seededAt: 'seeded_at',
  /** The last change to any rate, deletions included (the rates page's 'Last updated'). */
  ratesChangedAt: 'rates_changed_at',
  /** '1' when every account must have a second factor (Security, 'Require two-factor for every account'). */
  requireTwoFactor: 'require_two_factor',
} as const;
