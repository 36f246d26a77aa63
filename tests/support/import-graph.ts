import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The project's own modules a file reaches through its imports, followed transitively (relative
 * and '@/' specifiers; packages are not followed). A static over-approximation of what a route
 * handler or a Server Action can run: good enough to show that something is NOT reachable.
 */

const SPECIFIERS = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveSpecifier(root: string, from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? join(root, specifier.slice(2))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${relative(root, from)}: cannot resolve '${specifier}'`);
}

/** Every project module `entry` imports, directly or not, itself included (paths relative to root). */
export function importClosure(root: string, entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [resolve(root, entry)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const pattern of SPECIFIERS) {
      for (const match of source.matchAll(pattern)) {
        const target = resolveSpecifier(root, file, match[1]!);
        if (target && !seen.has(target)) pending.push(target);
      }
    }
  }
  return new Set([...seen].map((file) => relative(root, file)));
}

/** Source files under a folder of the project, recursively (paths relative to root). */
export function sourceFiles(root: string, folder: string, pattern = /\.tsx?$/): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (pattern.test(entry.name)) found.push(relative(root, path));
    }
  };
  if (existsSync(join(root, folder))) walk(join(root, folder));
  return found.sort();
}
