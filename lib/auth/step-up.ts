/**
 * Step-up (issue 17): exporting leads, changing security settings and deleting data need a full
 * sign-in (password and second factor) within the last 10 minutes, so a session left open on a
 * desk cannot walk away with every lead.
 */
export const STEP_UP_WINDOW_MS = 10 * 60_000;

export function needsStepUp(session: { authenticatedAt: string }, now = Date.now()): boolean {
  return now - Date.parse(session.authenticatedAt) > STEP_UP_WINDOW_MS;
}
