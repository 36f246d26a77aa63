import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * The Nu HTML Checker (the W3C's validator, npm's `vnu-jar`) run locally over HTML files. It is a
 * Java program: one JVM start takes seconds, so callers pass every file at once.
 */

/** The checker's jar: the `vnu-jar` package exports its path. */
export const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

export const JAVA_MISSING =
  'The HTML check (Nu HTML Checker, npm vnu-jar) needs Java 17 or later as `java` on PATH. ' +
  'On Debian: apt-get install default-jre-headless (.ci/run installs it when run as root).';

export interface HtmlError {
  /** The file, as the checker names it (a file: URL). */
  url: string;
  line?: number;
  column?: number;
  message: string;
  /** The markup around the error. */
  extract?: string;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/**
 * Every error the checker finds in `files` (warnings are not errors). Throws when the checker
 * cannot run at all (no Java, a JVM too old), so a missing tool fails the run instead of passing it.
 */
export function htmlErrors(files: string[], options: { env?: NodeJS.ProcessEnv } = {}): HtmlError[] {
  const result = spawnSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--stdout', ...files], {
    encoding: 'utf8',
    env: options.env ?? process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') throw new Error(JAVA_MISSING);
  if (result.error) throw result.error;
  let report: { messages: VnuMessage[] };
  try {
    report = JSON.parse(result.stdout) as { messages: VnuMessage[] };
  } catch {
    // Not the checker's report: Java refused the jar (too old) or the checker failed to start.
    throw new Error(`The Nu HTML Checker did not run (exit code ${String(result.status)}):\n${result.stderr}\n${JAVA_MISSING}`);
  }
  // `non-document-error`: a file the checker could not read, which must not pass unseen.
  return report.messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .map((m) => ({ url: m.url ?? '', line: m.lastLine, column: m.firstColumn, message: m.message, extract: m.extract }));
}
