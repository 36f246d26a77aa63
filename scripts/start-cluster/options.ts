import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import nextEnv from '@next/env';
import { databaseTarget, EnvError, parseEnv } from '../../lib/env-schema';
import { root } from '../../tests/support/production-server';

/** What `npm run start:cluster` was asked for, checked before anything is built or started. */
export interface ClusterOptions {
  instances: number;
  /** The first instance's port; the others follow it. */
  port: number;
  nginxPort?: number;
  databaseUrl: string;
  /** DATABASE_URL without its password, for messages. */
  databaseLabel: string;
  siteUrl: string;
  /** Set for every instance on top of the environment. */
  extraEnv: Record<string, string>;
}

const USAGE = 'Usage: npm run start:cluster -- [--instances 2] [--port 3000] [--nginx 8080]';

export function say(message: string): void {
  process.stdout.write(`[cluster] ${message}\n`);
}

export function refuse(message: string): never {
  process.stderr.write(`[cluster] ${message}\n`);
  process.exit(1);
}

export async function readClusterOptions(args: string[]): Promise<ClusterOptions> {
  const values = parseFlags(args);
  if (values.help) {
    process.stdout.write(`${USAGE}\nDATABASE_URL (environment or .env) must point at PostgreSQL.\n`);
    process.exit(0);
  }
  const instances = whole('--instances', values.instances, 1, 16);
  const port = whole('--port', values.port, 1, 65536 - instances);
  const nginxPort = values.nginx === undefined ? undefined : whole('--nginx', values.nginx, 1, 65535);

  // The instances read .env themselves; the same values decide here which database they share.
  nextEnv.loadEnvConfig(root, false, { info: () => {}, error: (...parts: unknown[]) => console.error(...parts) });
  const env = parseConfig();
  if (databaseTarget(env.DATABASE_URL).kind !== 'postgres') {
    refuse(
      `DATABASE_URL is ${env.DATABASE_URL}: several instances need one PostgreSQL database (a SQLite file ` +
        'serves one process). Set DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DB in the environment or .env.',
    );
  }

  const ports = Array.from({ length: instances }, (_, i) => port + i);
  if (nginxPort !== undefined && ports.includes(nginxPort)) refuse(`--nginx ${nginxPort} is one of the instances' ports`);
  for (const taken of await portsInUse([...ports, ...(nginxPort === undefined ? [] : [nginxPort])])) {
    refuse(`Port ${taken} is in use: choose others with --port (and --nginx).`);
  }
  const front = nginxPort ?? port;
  return {
    instances,
    port,
    nginxPort,
    databaseUrl: env.DATABASE_URL,
    databaseLabel: env.DATABASE_URL.replace(/\/\/[^@/]*@/, '//***@'),
    // One public origin for every instance: links, e-mails and payment returns must not depend on
    // which instance wrote them.
    siteUrl: process.env.SITE_URL?.trim() ? env.SITE_URL : `http://localhost:${front}`,
    // Behind nginx the client's address is the last X-Forwarded-For entry (docs/operations.md).
    extraEnv: nginxPort !== undefined && !process.env.TRUST_PROXY ? { TRUST_PROXY: '1' } : {},
  };
}

function parseFlags(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        instances: { type: 'string', default: '2' },
        port: { type: 'string', default: '3000' },
        nginx: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    refuse(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

function parseConfig() {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) refuse(error.message);
    throw error;
  }
}

function whole(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) refuse(`${name} must be a whole number from ${min} to ${max}.\n${USAGE}`);
  return n;
}

async function portsInUse(ports: number[]): Promise<number[]> {
  const free = await Promise.all(
    ports.map(
      (port) =>
        new Promise<boolean>((resolve) => {
          const probe = createServer();
          probe.once('error', () => resolve(false));
          probe.listen(port, () => probe.close(() => resolve(true)));
        }),
    ),
  );
  return ports.filter((_, i) => !free[i]);
}
