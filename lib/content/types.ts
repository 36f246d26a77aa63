/**
 * What the content editor shows of stored revisions, apart from mutations.server.ts.
 */

export interface ContentRevision {
  revision: number;
  createdAt: string;
  summary: string;
}
