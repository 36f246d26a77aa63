/** The owner's workflow statuses of a lead (the list, after HubSpot's lead statuses). */
export const LEAD_STATUSES = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'qualified', label: 'Qualified' },
  { value: 'application', label: 'Application in progress' },
  { value: 'won', label: 'Closed won' },
  { value: 'lost', label: 'Closed lost' },
  { value: 'spam', label: 'Spam' },
] as const;

export type LeadStatus = (typeof LEAD_STATUSES)[number]['value'];

export const LEAD_STATUS_VALUES = LEAD_STATUSES.map((s) => s.value) as [LeadStatus, ...LeadStatus[]];

export const statusLabel = (value: string) => LEAD_STATUSES.find((s) => s.value === value)?.label ?? value;

/** The kinds as the Leads tab names them, with the spec's empty messages for contact and qualification. */
export const KIND_LABELS = {
  contact: { label: 'Contact form', empty: 'No contact form submissions yet.' },
  qualification: { label: 'Qualification form', empty: 'No qualification form submissions yet.' },
  application: { label: 'Detailed application', empty: 'No detailed applications yet.' },
  ebook: { label: 'Ebook download', empty: 'No ebook downloads yet.' },
  calculator: { label: 'Calculator estimate', empty: 'No calculator estimates yet.' },
} as const;
