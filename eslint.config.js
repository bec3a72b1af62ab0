// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'child_process',
];

/** Below the HTTP layer of sync-server: no REST layer, no routes, no Hono. */
const belowHttp = {
  group: ['**/rest/*', '**/routes/*', '**/http/*', '**/product/*', 'hono', 'hono/*', '@hono/*'],
  message:
    'Below the HTTP layer: throw the errors of src/errors.ts; http/errors.ts maps them to statuses.',
};

/** The relay core of sync-server imports none of the product's folders, nor model/ but its wire protocol. */
const modelButWire = {
  regex: '^@plod/model(?!/sync$)',
  message: 'The relay core knows nothing of plods: only @plod/model/sync (the wire protocol).',
};
const relayCore = {
  group: [
    '**/auth/*',
    '**/services/*',
    '**/late-edits/*',
    '**/projections/*',
    '**/rest/*',
    '**/routes/*',
    '**/extensions/*',
    '**/pdf/*',
  ],
  message:
    'The relay core knows nothing of plods: plug product behaviour in through a hook (sync-server/src/relay/hooks.ts).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'web/dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[object.name=/^(describe|it|test)$/][property.name=/^(only|skip)$/]',
          message: 'No focused or skipped tests.',
        },
      ],
    },
  },
  {
    // model/ is shared by browser and server: no Node or DOM APIs, and it depends on no other package of ours.
    files: ['model/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'model/ must not use Node APIs.' },
            {
              group: ['@plod/web', '@plod/sync-server', '**/web/**', '**/sync-server/**'],
              message: 'model/ depends on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers: services, late edits and projections throw their own errors
    // (sync-server/src/errors.ts) and never import the REST layer or Hono.
    files: [
      'sync-server/src/services/**/*.ts',
      'sync-server/src/late-edits/**/*.ts',
      'sync-server/src/projections/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: [belowHttp] }],
    },
  },
  {
    // The relay core (relay/, sync/, docs/, store/) knows nothing of plods: the product plugs in
    // through its hooks (sync-server/src/extensions/). Only the wire protocol of model/ is shared.
    files: ['sync-server/src/{relay,sync}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [relayCore, modelButWire] }],
    },
  },
  {
    files: ['sync-server/src/{docs,store}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [relayCore, modelButWire, belowHttp] }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    files: [
      'sync-server/**/*.ts',
      '**/scripts/**/*.{js,mjs}',
      '**/*.config.{js,ts}',
      '*.config.{js,ts}',
      '**/vitest.config.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // The UI never touches the CRDT: Yjs stays in model/ and web/src/sync/.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/sync/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['yjs', 'y-indexeddb', 'y-websocket', 'y-protocols', 'y-protocols/*'],
              message:
                'Screens read snapshots and call model/ mutations; Yjs lives in web/src/sync/.',
            },
          ],
        },
      ],
    },
  },
);
