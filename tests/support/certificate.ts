import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A self-signed certificate for 127.0.0.1 and localhost (and `names`: a push service's host that
 * OUTBOUND_RESOLVE maps to the stand-in), for a stand-in the app must reach over https (the app
 * only stores https endpoints, as every real push service has): give the app's process
 * NODE_EXTRA_CA_CERTS=certPath.
 */
export function loopbackCertificate(names: readonly string[] = []): {
  key: string;
  cert: string;
  certPath: string;
  cleanup: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'push-tls-'));
  const [keyPath, certPath] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  const alt = ['IP:127.0.0.1', 'DNS:localhost', ...names.map((name) => `DNS:${name}`)].join(',');
  const made = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
    ...['-keyout', keyPath, '-out', certPath, '-subj', '/CN=127.0.0.1', '-addext', `subjectAltName=${alt}`],
  ]);
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr.toString()}`);
  return {
    key: readFileSync(keyPath, 'utf8'),
    cert: readFileSync(certPath, 'utf8'),
    certPath,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
