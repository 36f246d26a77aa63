import nextEnv from '@next/env';

/** Loads the .env files Next.js reads (before validation), so scripts and the server agree on every value. */
export function loadDotEnv(dir: string): void {
  nextEnv.loadEnvConfig(dir, false, { info: () => {}, error: (...args: unknown[]) => console.error(...args) });
}
