/**
 * The app's not-found pages that are routes of their own (app/(site)/post-not-found/): the server
 * routes requests for things that do not exist to them and always sends them with a 404
 * (server/missing-post.ts, server/pipeline/not-found-status.ts).
 */
export const POST_NOT_FOUND_PATH = '/post-not-found';

export const NOT_FOUND_PATHS: readonly string[] = [POST_NOT_FOUND_PATH];

/** True when a request URL (path and query) is one of the not-found pages. */
export function isNotFoundPage(url: string | undefined): boolean {
  const path = (url ?? '').split(/[?#]/, 1)[0]!;
  return NOT_FOUND_PATHS.includes(path.length > 1 ? path.replace(/\/$/, '') : path);
}
