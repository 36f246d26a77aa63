import type { AuthenticationExtensionsClientOutputs } from '@simplewebauthn/server';
import { z } from 'zod';

/**
 * A WebAuthn response as @simplewebauthn/browser sends it: checked for shape and size here, and
 * fully (signature, challenge, origin) by @simplewebauthn/server.
 */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

const extensionOutputs = z.custom<AuthenticationExtensionsClientOutputs>(
  (v) => typeof v === 'object' && v !== null && !Array.isArray(v) && JSON.stringify(v).length < 4096,
);

export const authenticationResponseSchema = z.object({
  id: b64url(1400).min(1),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(8192),
    authenticatorData: b64url(8192),
    signature: b64url(4096),
    userHandle: b64url(1024).optional(),
  }),
  // No extension is asked for, so none of their outputs is kept.
  clientExtensionResults: extensionOutputs,
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

export const registrationResponseSchema = z.object({
  id: b64url(1400).min(1),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(8192),
    attestationObject: b64url(65536),
    authenticatorData: b64url(65536).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: b64url(8192).optional(),
  }),
  // No extension is asked for, so none of their outputs is kept.
  clientExtensionResults: extensionOutputs,
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
