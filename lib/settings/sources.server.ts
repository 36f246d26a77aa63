import 'server-only';
import { env } from '../env.server';
import type { SettingsSources } from './environment';

/**
 * This process's configuration for the settings: the parsed one, and the raw environment to tell
 * a variable the operator set from a default (./environment.ts).
 */
export const serverSources = (): SettingsSources => ({ env, raw: process.env });
