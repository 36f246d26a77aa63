import 'server-only';
import { parseEnv, type Env } from './env-schema';

/**
 * The one place the server reads its configuration. Parsed once, on first import, so a
 * misconfigured deploy fails at start-up with a readable message instead of at the first
 * request that needs the broken value.
 */
export const env: Env = parseEnv(process.env);
export type { Env };
