import { launchedByServer } from './launched-by-server';

/**
 * The site is served by our own server (server/, ADR 011): it migrates the database and expires
 * pages prerendered at build time before admitting anyone, decides the client's address that
 * sign-in throttles and lead limits count, and answers the lead endpoint. `next start` or `next
 * dev` would skip all of that, so Next refuses to start in a process our server did not start,
 * with the command to use instead. (`next build` runs this too, and is left alone.)
 */
if (process.env.NEXT_PHASE !== 'phase-production-build' && !launchedByServer()) {
  process.stderr.write(
    'This site runs on its own server, not on `next start` or `next dev`: start it with `npm start` ' +
      '(production) or `npm run dev` (development). See the README.\n',
  );
  process.exit(1);
}
