import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

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
    ],
    rules: { '@next/next/no-html-link-for-pages': 'off' },
  },
];

export default config;
