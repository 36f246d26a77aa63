/** The events a webhook endpoint can receive: plain data, shared by the admin form and the server. */
export const WEBHOOK_EVENTS = {
  'lead.created': 'A lead arrives (not suspected spam, or once marked not spam)',
  'lead.updated': 'A lead changes (status, notes, assignee, follow-up date)',
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;

export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEvent[];

/** The endpoint configured by LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET (it receives every event). */
export const ENV_ENDPOINT_ID = 'env';

/** An endpoint as the admin lists it (never its secret). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  createdAt: string;
  /** True for the endpoint set by LEAD_WEBHOOK_URL (not editable in the admin). */
  fromEnv: boolean;
}
