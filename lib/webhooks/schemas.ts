import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './events';

/** The Integrations forms' input, shared by the forms and the actions that receive it. */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https:// (lead data must not cross the internet in the clear); http:// only to this machine. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter the address that receives the webhooks.' })
  .max(1000, { error: 'That address is too long (1,000 characters at most).' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
      } catch {
        return false;
      }
    },
    { error: 'Enter an https:// address, like https://hooks.zapier.com/hooks/catch/123/abc/.' },
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
