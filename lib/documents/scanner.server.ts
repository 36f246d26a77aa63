import 'server-only';
import { env } from '../env.server';
import { clamdScanner } from './clamd.server';
import type { ScannerFactory } from './scanner';

/**
 * The deadline of one scan, from an upload's first byte to clamd's verdict. An upload streams into
 * the scan as it arrives, so the scan lasts as long as the request: Node's server gives a request
 * 300 s (http.Server's requestTimeout), and clamd then needs seconds to judge 25 MB.
 */
const SCAN_DEADLINE_MS = 6 * 60_000;

/** The virus scan uploads go through: clamd at CLAMD_SOCKET, or none when it is unset. */
export function configuredScanner(config: { CLAMD_SOCKET?: string } = env): ScannerFactory | undefined {
  return config.CLAMD_SOCKET ? clamdScanner(config.CLAMD_SOCKET, { timeoutMs: SCAN_DEADLINE_MS }) : undefined;
}
