import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { JAVA_MISSING, htmlErrors } from '../support/html-check';

/**
 * The HTML check of the public pages (tests/e2e/html-validity.spec.ts) on a machine without Java:
 * it fails and says what to install, rather than passing with nothing checked.
 */

let empty: string | undefined;
afterEach(() => {
  if (empty) rmSync(empty, { recursive: true, force: true });
});

test('without Java on the PATH the HTML check fails and says what to install', () => {
  empty = mkdtempSync(join(tmpdir(), 'clp-no-java-'));
  expect(() => htmlErrors([join(empty!, 'page.html')], { env: { ...process.env, PATH: empty } })).toThrow(JAVA_MISSING);
  expect(JAVA_MISSING).toContain('apt-get install default-jre-headless');
});
