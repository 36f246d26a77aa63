/**
 * Runs once when Next starts in a process. Only the Node.js part matters here: it refuses to run
 * under any launcher but our own server (lib/runtime/refuse-other-launchers.ts); importing it only
 * for Node.js keeps its Node APIs out of the edge bundle Next also builds.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./lib/runtime/refuse-other-launchers');
}
