import { readFileSync } from 'node:fs';
import { loopbackCertificate } from './certificate';

/**
 * Vitest's global set-up: one self-signed certificate for the local https receivers of the
 * integration tests (127.0.0.1, localhost and the browser push services' hosts, which a test
 * maps to its stand-in with OUTBOUND_RESOLVE), trusted by the test processes through
 * NODE_EXTRA_CA_CERTS. Node reads that variable only when a process starts, so it is set here,
 * before the test workers are forked.
 */

/** The hosts besides 127.0.0.1 and localhost that the certificate names. */
export const TLS_TEST_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'] as const;

export default function setup(): () => void {
  const tls = loopbackCertificate(TLS_TEST_HOSTS);
  process.env.NODE_EXTRA_CA_CERTS = tls.certPath;
  process.env.TEST_TLS_CERT_PATH = tls.certPath;
  process.env.TEST_TLS_KEY_PATH = tls.certPath.replace(/cert\.pem$/, 'key.pem');
  return tls.cleanup;
}

/** The certificate and key a test's https receiver serves (trusted by the test process). */
export function testTls(): { key: string; cert: string } {
  const certPath = process.env.TEST_TLS_CERT_PATH;
  const keyPath = process.env.TEST_TLS_KEY_PATH;
  if (!certPath || !keyPath)
    throw new Error('No test certificate: vitest.config.ts runs tests/support/test-tls.ts as globalSetup');
  return { cert: readFileSync(certPath, 'utf8'), key: readFileSync(keyPath, 'utf8') };
}
