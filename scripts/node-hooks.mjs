// Lets command-line tools (run with tsx) import the server's *.server.ts modules. The
// `server-only` package throws outside a React Server bundle by design; these tools are server
// code too, so the guard is satisfied with an empty module here and nowhere else.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === 'server-only') return { url: 'data:text/javascript,', shortCircuit: true };
  return next(specifier, context);
}`),
);
