import { readdirSync } from 'node:fs';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/*
 * The layers of the code, lowest first (docs/architecture.md, "Layers"). A file imports its own
 * layer and the layers below it, never one above: so a change in a domain can never break the
 * outbox or the database, and each layer can be read without the ones above it.
 */
const INFRASTRUCTURE = ['lib/db', 'lib/http', 'lib/runtime', 'lib/cache', 'lib/html', 'lib/ui', 'lib/time', 'lib/metrics'];
const INFRASTRUCTURE_FILES = ['lib/env-schema.ts', 'lib/env.server.ts', 'lib/log.server.ts'];
/** Generic services: they know channels, sessions and log entries, never a lead or a page. */
const SERVICES = [
  'lib/notifications',
  'lib/auth',
  'lib/admin',
  'lib/activity',
  'lib/push',
  'lib/webhooks',
  'lib/documents',
  'lib/health',
  'lib/settings',
];
const DOMAINS = [
  'lib/leads',
  'lib/drafts',
  'lib/content',
  'lib/rates',
  'lib/posts',
  'lib/team',
  'lib/calculators',
  'lib/payments',
  'lib/privacy',
  'lib/overview',
  'lib/vitals',
  'lib/attribution',
  'lib/site',
  'lib/media',
  'lib/retention',
  'lib/loan-files',
  'lib/compliance',
  'lib/licenses',
  'lib/officers',
  'lib/consent',
  'lib/archive',
  'lib/setup-checklist',
];
/** Makes a database ready for this release: migrations, then the domains' defaults (the seed). */
const SETUP = ['lib/setup'];
/** Every 'use server' module, whatever its domain. */
const ACTIONS = ['lib/*/actions/**'];
const UI = ['components/**'];
const ROUTES = ['app/**', 'server/**', '{proxy,instrumentation}.ts'];

// A folder of lib/ that no layer names would escape the rule unseen: name it, or lint stops here.
const layered = new Set([...INFRASTRUCTURE, ...SERVICES, ...DOMAINS, ...SETUP]);
for (const entry of readdirSync('lib', { withFileTypes: true }))
  if (entry.isDirectory() && !layered.has(`lib/${entry.name}`))
    throw new Error(`lib/${entry.name} is in no layer: add it to one in eslint.config.mjs (docs/architecture.md, "Layers").`);

const inside = (folders) => folders.map((folder) => `${folder}/**`);
/** Tests sit beside their code but are no part of the layers: they may reach any of them. */
const NOT_LAYERED = [...ACTIONS, '**/*.test.ts', '**/*.test.tsx'];

/** One flat-config block for a layer: its files may not import from `above`. */
function layer(name, files, above) {
  return {
    name: `layers/${name}`,
    files,
    ignores: NOT_LAYERED.filter((glob) => !files.includes(glob)),
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: '.',
              from: above,
              message: `The ${name} layer imports only its own layer and those below it (docs/architecture.md, "Layers").`,
            },
          ],
        },
      ],
    },
  };
}

const layers = [
  layer(
    'infrastructure',
    [...inside(INFRASTRUCTURE), ...INFRASTRUCTURE_FILES],
    [...inside(SERVICES), ...inside(DOMAINS), ...inside(SETUP), ...ACTIONS, ...UI, ...ROUTES],
  ),
  layer('services', inside(SERVICES), [...inside(DOMAINS), ...inside(SETUP), ...ACTIONS, ...UI, ...ROUTES]),
  layer('domains', inside(DOMAINS), [...inside(SETUP), ...ACTIONS, ...UI, ...ROUTES]),
  // Setup sits on the domains beside actions and components, which have no use for it: only the
  // server and the build (and tests) make a database ready.
  layer('setup', inside(SETUP), [...ACTIONS, ...UI, ...ROUTES]),
  layer('actions', ACTIONS, [...inside(SETUP), ...UI, ...ROUTES]),
  layer('components', UI, [...inside(SETUP), ...ROUTES]),
];

/**
 * The boot script (lib/site/boot/, ADR 035) is inlined into every public page before any bundle:
 * it imports its own modules and the attribute contract, never React or anything that pulls it in
 * (stricter than the domains' layer rule, which this block replaces for its files).
 */
const bootScript = {
  name: 'boot-script',
  files: ['lib/site/boot/**'],
  ignores: NOT_LAYERED,
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          {
            target: './lib/site/boot',
            from: '.',
            except: ['./lib/site/boot', './lib/site/early-controls.ts'],
            message:
              'The boot script runs in every public page: it imports only lib/site/boot/ and the early controls (ADR 035).',
          },
        ],
      },
    ],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      'server-build/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Public pages link with plain <a> on purpose: a full page load from the page cache costs the
    // visitor less than next/link's client code on every page (docs/performance.md, bench:js).
    files: [
      'app/(site)/**',
      'components/site/**',
      'components/home/**',
      'components/leads/**',
      'components/payments/**',
      'components/calculators/**',
      'components/officers/**',
    ],
    rules: { '@next/next/no-html-link-for-pages': 'off' },
  },
  ...layers,
  bootScript,
];

export default config;
