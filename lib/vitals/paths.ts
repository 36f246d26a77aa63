/** Where the browser sends its reports (server/vitals/endpoint.ts). */
export const VITALS_ENDPOINT = '/api/vitals';

/**
 * Where the server serves the collector script (server/vitals/collector-asset.ts), as
 * `/_vitals/<content hash>.js` with a one-year immutable cache. Not one of Next's scripts: it is
 * added by the page's inline loader after the `load` event, at idle (lib/vitals/loader.ts).
 */
export const COLLECTOR_PREFIX = '/_vitals/';

/** A performance mark the collector sets once it is watching: tests and the JS budget wait for it. */
export const COLLECTOR_MARK = 'clp:vitals';
