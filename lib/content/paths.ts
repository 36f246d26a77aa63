/**
 * Inline edit paths: dotted addresses of one text in the content tree ('hero.subtitle',
 * 'loanTypes.loans.0.features.2'). Only an existing string can be replaced, so an inline edit
 * can never add keys, change a value's type or reach an object's prototype.
 */

const SEGMENT = /^(?:[a-zA-Z][a-zA-Z0-9]*|0|[1-9][0-9]{0,2})$/;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

export function parsePath(path: string): string[] | null {
  if (path.length === 0 || path.length > 120) return null;
  const segments = path.split('.');
  return segments.every((s) => SEGMENT.test(s) && !FORBIDDEN.has(s)) ? segments : null;
}

function child(node: unknown, segment: string): unknown {
  if (Array.isArray(node)) return /^\d+$/.test(segment) ? node[Number(segment)] : undefined;
  if (typeof node === 'object' && node !== null && Object.hasOwn(node, segment)) {
    return (node as Record<string, unknown>)[segment];
  }
  return undefined;
}

/** The string at `path`, or undefined when the path does not lead to a string. */
export function getTextAt(document: unknown, path: string): string | undefined {
  const segments = parsePath(path);
  if (!segments) return undefined;
  let node = document;
  for (const segment of segments) node = child(node, segment);
  return typeof node === 'string' ? node : undefined;
}

/** A copy of `document` with the string at `path` replaced; null when there is no string there. */
export function setTextAt<T>(document: T, path: string, value: string): T | null {
  const segments = parsePath(path);
  if (!segments || getTextAt(document, path) === undefined) return null;
  const copy = structuredClone(document);
  let node: unknown = copy;
  for (const segment of segments.slice(0, -1)) node = child(node, segment);
  const last = segments[segments.length - 1]!;
  if (Array.isArray(node)) node[Number(last)] = value;
  else (node as Record<string, unknown>)[last] = value;
  return copy;
}
