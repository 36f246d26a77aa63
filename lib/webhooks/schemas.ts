import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './events';

/** The Integrations forms' input, shared by the forms and the actions that receive it. */

/** What every refusal of an endpoint's address starts with: what the form wants. */
export const WEBHOOK_URL_HINT = 'Enter an https:// address, like https://hooks.zapier.com/hooks/catch/123/abc/.';

/**
 * An http(s) URL without a user name or password. Whether it may be sent to is the server's to
 * say, after resolving it (lib/http/outbound-request.server.ts: https:// to a public address;
 * plain http:// only to a private one, and private ones only when the operator allows them).
 */
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter the address that receives the webhooks.' })
  .max(1000, { error: 'That address is too long (1,000 characters at most).' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: WEBHOOK_URL_HINT },
  );

export const webhookCreateSchema = z.object({
  url: webhookUrlSchema,
  description: z.string().trim().max(200, { error: 'Keep the description under 200 characters.' }).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES as [string, ...string[]]))
    .min(1, { error: 'Choose at least one event.' })
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((e) => events.includes(e))),
});
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;

const id = z.string().trim().min(1).max(32);
export const webhookIdSchema = z.object({ id });
export const webhookToggleSchema = z.object({ id, enabled: z.boolean() });
