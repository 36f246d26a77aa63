import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints, after the browser tests, the spec files and the single tests that took longest (their
 * time with hooks included): where the run's minutes go, so nobody has to guess (docs/testing.md).
 */
export default class TimingReporter implements Reporter {
  private readonly byFile = new Map<string, { ms: number; tests: number }>();
  private readonly tests: { title: string; ms: number }[] = [];
  private outputDir = '';

  onBegin(config: FullConfig): void {
    this.outputDir = config.projects[0]?.outputDir ?? '';
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = relative(process.cwd(), test.location.file);
    const entry = this.byFile.get(file) ?? { ms: 0, tests: 0 };
    entry.ms += result.duration;
    entry.tests += 1;
    this.byFile.set(file, entry);
    this.tests.push({ title: `${file}:${test.location.line} ${test.title}`, ms: result.duration });
  }

  onEnd(result: FullResult): void {
    const files = [...this.byFile.entries()].sort((a, b) => b[1].ms - a[1].ms);
    const total = files.reduce((sum, [, entry]) => sum + entry.ms, 0);
    const seconds = (ms: number) => (ms / 1000).toFixed(0).padStart(5);
    const fileLines = files.slice(0, 15).map(([file, entry]) => {
      const share = total ? Math.round((100 * entry.ms) / total) : 0;
      return `  ${seconds(entry.ms)} s  ${String(share).padStart(2)}%  ${entry.tests} tests  ${file}`;
    });
    const testLines = [...this.tests]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 15)
      .map((test) => `  ${seconds(test.ms)} s  ${test.title.length > 110 ? `${test.title.slice(0, 109)}…` : test.title}`);
    // Every file and test, for comparing two runs (the printout above keeps the 15 slowest).
    if (this.outputDir) {
      mkdirSync(this.outputDir, { recursive: true });
      const all = { files: Object.fromEntries(files), tests: this.tests };
      writeFileSync(join(this.outputDir, 'timings.json'), JSON.stringify(all, null, 1));
    }
    const minutes = (result.duration / 60_000).toFixed(1);
    process.stdout.write(
      `\nBrowser tests: ${minutes} min in all; the slowest files:\n${fileLines.join('\n')}\n` +
        `the slowest tests:\n${testLines.join('\n')}\n`,
    );
  }

  printsToStdio(): boolean {
    return false;
  }
}
