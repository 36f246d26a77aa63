import { describe, expect, it } from 'vitest';
import { postgresEnvironment } from './postgres-connection';

describe('the connection of DATABASE_URL for pg_dump, pg_restore and psql', () => {
  it('becomes PG* variables, the password decoded and never part of a command line', () => {
    expect(postgresEnvironment('postgres://clp:p%40ss%3Aword@db.example.com:6543/clp_site')).toEqual({
      PGHOST: 'db.example.com',
      PGPORT: '6543',
      PGUSER: 'clp',
      PGPASSWORD: 'p@ss:word',
      PGDATABASE: 'clp_site',
    });
  });

  it('takes IPv6 hosts, left-out parts and the TLS and other libpq parameters', () => {
    expect(
      postgresEnvironment('postgresql://[::1]/clp?sslmode=verify-full&sslrootcert=/etc/ca.pem&application_name=backup'),
    ).toEqual({
      PGHOST: '::1',
      PGDATABASE: 'clp',
      PGSSLMODE: 'verify-full',
      PGSSLROOTCERT: '/etc/ca.pem',
      PGAPPNAME: 'backup',
    });
  });

  it('refuses a parameter it would otherwise drop, naming it', () => {
    expect(() => postgresEnvironment('postgres://u:p@h/db?ssl=true')).toThrow(/parameter "ssl" is not one the backup tools/);
  });
});
