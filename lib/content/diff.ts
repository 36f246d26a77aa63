/**
 * The paths where two content trees differ, for a revision's 'what changed'. Lists are compared
 * as a whole (a reordered list is one change: `loanTypes.loans`), objects field by field.
 */
export function changedPaths(before: unknown, after: unknown, path = ''): string[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => changedPaths(before[key], after[key], path ? `${path}.${key}` : key));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [path || '(everything)'];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function summarizeChanges(paths: string[], max = 6): string {
  if (paths.length === 0) return 'No changes';
  const shown = paths.slice(0, max).join(', ');
  return paths.length > max ? `${shown} and ${paths.length - max} more` : shown;
}
