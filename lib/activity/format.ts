import { ACTIVITY_ACTIONS } from './kinds';

/** How an entry reads in the Security area and in the CSV export alike. */

export type ActivityDetail = Record<string, string | number | boolean | null>;

/** The action's label; a name this version does not know (a later one wrote it) shows as it is. */
export function actionLabel(action: string): string {
  return Object.hasOwn(ACTIVITY_ACTIONS, action) ? ACTIVITY_ACTIONS[action as keyof typeof ACTIVITY_ACTIONS] : action;
}

/** The stored JSON object, tolerant of a damaged value (a log must still be readable). */
export function parseDetail(json: string): ActivityDetail {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ActivityDetail) : {};
  } catch {
    return {};
  }
}

/** `from: new, to: contacted`: short, and the same in the table and the spreadsheet. */
export function detailText(detail: ActivityDetail): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}
