import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for integration tests without a browser: it makes ES256
 * (P-256) credentials with 'none' attestation and signs assertions as a platform authenticator
 * does, with the user present and verified, and a signature counter. Its answers are what
 * @simplewebauthn/browser sends, so the server checks them as it checks a real device's. (The
 * browser tests use Chromium's virtual authenticator instead.)
 */

interface Credential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(n: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  // kty EC2, alg ES256, crv P-256, x, y (RFC 9053).
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  b64url(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  /** `origin`: the page the browser would be on (the site's SITE_URL origin). */
  constructor(private readonly origin: string) {}

  /** navigator.credentials.create(): a new discoverable credential, refused for an excluded one. */
  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const excluded = new Set(options.excludeCredentials?.map((c) => c.id));
    if (this.credentials.some((c) => c.rpId === rpId && excluded.has(c.id)))
      throw Object.assign(new Error('The authenticator was previously registered'), { name: 'InvalidStateError' });
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = randomBytes(32);
    const credential: Credential = { id: b64url(rawId), rpId, userHandle: options.user.id, privateKey, counter: 0 };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
      uint32(credential.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      rawId,
      coseKey(publicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData('webauthn.create', options.challenge, this.origin),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get(): signs the challenge with `credentialId`, or with this site's
   * first credential the options allow (any, for a discoverable sign-in).
   */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, credentialId?: string): AuthenticationResponseJSON {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = new Set(options.allowCredentials?.map((c) => c.id));
    const credential = this.credentials.find(
      (c) => c.rpId === rpId && (credentialId ? c.id === credentialId : allowed.size === 0 || allowed.has(c.id)),
    );
    if (!credential) throw Object.assign(new Error('No passkey for this site'), { name: 'NotAllowedError' });
    credential.counter += 1;
    const authenticatorData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
      uint32(credential.counter),
    ]);
    const clientDataJSON = clientData('webauthn.get', options.challenge, this.origin);
    const signed = Buffer.concat([authenticatorData, sha256(Buffer.from(clientDataJSON, 'base64url'))]);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authenticatorData),
        // ECDSA in DER, as WebAuthn carries it.
        signature: b64url(sign('sha256', signed, credential.privateKey)),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
