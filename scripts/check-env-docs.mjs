#!/usr/bin/env node
// Every environment variable is documented once: one row in docs/configuration.md's tables, and a
// line in .env.example for every variable a person sets. Run: node scripts/check-env-docs.mjs
import { readdirSync, readFileSync } from 'node:fs';

const read = (path) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

// The keys of envSchema's z.object({ ... }) in lib/env-schema.ts: `    NAME: ...` at four spaces.
const schema = new Set([...read('lib/env-schema.ts').matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]));
// `NAME=` or `#NAME=` (written out but left empty on purpose); comment prose has a space after '#'.
const example = new Set([...read('.env.example').matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
// Set by the server or the build itself, or read by the test harness only: in the docs, not in .env.example.
const notInExample = new Set(['NODE_ENV', 'BUILD_DATABASE_PATH', 'TEST_POSTGRES_URL', 'CHROMIUM_PATH', 'TYPES_CHECKED', 'CI']);

const rows = new Map();
const docs = readdirSync(new URL('../docs/', import.meta.url)).filter((name) => name.endsWith('.md'));
for (const path of ['README.md', ...docs.map((name) => `docs/${name}`)]) {
  const text = read(path);
  // A table row that documents variables: its first cell names them in backticks.
  for (const [, cell] of text.matchAll(/^\| *(`[A-Z][A-Z0-9_]+`(?:, *`[A-Z][A-Z0-9_]+`)*) *\|/gm)) {
    for (const [, name] of cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) rows.set(name, [...(rows.get(name) ?? []), path]);
  }
}

const problems = [];
for (const name of new Set([...schema, ...example, ...notInExample])) {
  const where = rows.get(name) ?? [];
  if (where.length !== 1 || where[0] !== 'docs/configuration.md')
    problems.push(
      `${name}: documented in ${where.length ? where.join(', ') : 'no table'}, expected once in docs/configuration.md`,
    );
  if (!example.has(name) && !notInExample.has(name)) problems.push(`${name}: missing from .env.example`);
}
for (const name of rows.keys()) {
  if (!schema.has(name) && !example.has(name) && !notInExample.has(name))
    problems.push(`${name}: documented but read by nothing`);
}
for (const name of example) if (!schema.has(name)) problems.push(`${name}: in .env.example but not in lib/env-schema.ts`);

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.warn(`${schema.size} variables of lib/env-schema.ts, ${example.size} of .env.example: each documented once.`);
