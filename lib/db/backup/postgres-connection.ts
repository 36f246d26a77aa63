import { BackupError } from './errors';

/**
 * The connection of a postgres:// DATABASE_URL as the PG* environment variables that pg_dump,
 * pg_restore and psql read. The password must never be on their command line, where `ps` shows it
 * to every user of the machine.
 */

/** The URL's query parameters libpq understands, and the variable each one becomes. */
const PARAMETERS: Record<string, string> = {
  host: 'PGHOST',
  port: 'PGPORT',
  sslmode: 'PGSSLMODE',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  sslrootcert: 'PGSSLROOTCERT',
  sslcrl: 'PGSSLCRL',
  application_name: 'PGAPPNAME',
  connect_timeout: 'PGCONNECT_TIMEOUT',
  options: 'PGOPTIONS',
  target_session_attrs: 'PGTARGETSESSIONATTRS',
};

export function postgresEnvironment(databaseUrl: string): Record<string, string> {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new BackupError('DATABASE_URL is not a valid postgres:// URL.');
  }
  const env: Record<string, string> = {};
  const set = (name: string, value: string) => {
    if (value !== '') env[name] = value;
  };
  // An IPv6 address is written in brackets in a URL, and without them for libpq.
  set('PGHOST', url.hostname.replace(/^\[(.*)\]$/, '$1'));
  set('PGPORT', url.port);
  set('PGUSER', decodeURIComponent(url.username));
  set('PGPASSWORD', decodeURIComponent(url.password));
  set('PGDATABASE', decodeURIComponent(url.pathname.replace(/^\//, '')));
  for (const [name, value] of url.searchParams) {
    const variable = PARAMETERS[name];
    if (!variable)
      throw new BackupError(
        `DATABASE_URL's parameter "${name}" is not one the backup tools pass on to pg_dump (they take ${Object.keys(PARAMETERS).join(', ')}).`,
      );
    set(variable, value);
  }
  return env;
}
