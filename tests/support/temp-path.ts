import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function tempDatabasePath(): { path: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'clp-db-'));
  return { path: join(dir, 'site.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
