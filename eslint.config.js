import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layering of docs/architecture.md, enforced: schemas/ is JSON only, engine/ is
// framework-free, renderer/ renders engine objects, console/ is the app,
// server/ never imports the browser layers.
const noReact = {
  paths: [
    { name: 'react', message: 'engine/ is framework-free: no React (docs/architecture.md).' },
    { name: 'react-dom', message: 'engine/ is framework-free: no React (docs/architecture.md).' },
    { name: 'valtio/react', message: 'engine/ uses valtio/vanilla; the React adapter lives in renderer/.' },
  ],
  patterns: [
    {
      group: ['**/renderer/**', '**/console/**', '**/server/**'],
      message: 'engine/ may import only schemas/ and libraries (docs/architecture.md).',
    },
  ],
};

// Browser code runs without Node: @types/node reaches the browser type-check
// through library typings (papaparse), so its globals are refused here.
// Tests and the Node tooling kept beside the browser code (tsconfig.server.json,
// tsconfig.test.json) are exempt.
const browserCode = {
  files: ['engine/**/*.ts', 'renderer/**/*.{ts,tsx}', 'console/**/*.{ts,tsx}'],
  ignores: [
    '**/*.test.{ts,tsx}',
    'engine/schema/load-fs.ts',
    'engine/pages/generate-types.ts',
    'engine/pages/types-file.ts',
    'console/i18n/keys.ts',
    'console/i18n/page-keys.ts',
  ],
  rules: {
    'no-restricted-globals': [
      'error',
      ...['Buffer', 'process', 'global', '__dirname', '__filename', 'require'].map((name) => ({
        name,
        message: 'Browser code runs without Node (tsconfig.json).',
      })),
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      '.e2e/**',
      '.tmp-*/**',
      '.tmp-*',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['engine/**/*.ts'], rules: { 'no-restricted-imports': ['error', noReact] } },
  browserCode,
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/console/**', '**/server/**'],
              message: 'renderer/ may import only engine/ (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**', '**/console/**'],
              message: 'server/ may import engine/, schemas/ and fixtures/ only (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
);
