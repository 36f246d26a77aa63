import { processSingleton } from './process-singleton';

/**
 * Whether this process was started by our server (server/index.ts: `npm start`, `npm run dev`),
 * which stamps every request with the client's address and answers what Next must not (ADR 011).
 * `next start` and `next dev` are refused at start-up (instrumentation.ts); code that trusts what
 * the server stamped checks this too, so a request header is never believed on its own.
 */
const launch = () => processSingleton('launch', () => ({ byServer: false }));

export function markLaunchedByServer(): void {
  launch().byServer = true;
}

export function launchedByServer(): boolean {
  return launch().byServer;
}
