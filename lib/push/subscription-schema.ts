import { z } from 'zod';
import { pushEndpointProblem } from './push-services';

/**
 * A browser's PushSubscription as 'Turn on alerts' sends it (subscription.toJSON()): an https
 * endpoint on one of the browsers' push services (./push-services.ts: the server posts to it on
 * every lead, so no other host is taken), the device's P-256 public key (65 bytes) and its
 * 16-byte auth secret, both base64url. Anything else could never be sent to, so it is refused
 * rather than stored.
 */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} is not base64url`)
    .refine((value) => Buffer.from(value, 'base64url').length === bytes, `${what} must be ${bytes} bytes`);

export const subscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(1000)
    .superRefine((value, ctx) => {
      const problem = pushEndpointProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  p256dh: base64url(65, 'The device key'),
  auth: base64url(16, 'The auth secret'),
  userAgent: z.string().max(300).default(''),
});

export const endpointSchema = z.object({ endpoint: z.string().min(1).max(1000) });
export const deviceIdSchema = z.object({ id: z.string().min(1).max(64) });
