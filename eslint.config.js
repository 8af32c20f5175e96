import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The browser side never reaches into the server, and vice versa: they meet in src/contract.
const serverImports = {
  group: ['**/server/**', '../server/*'],
  message: 'The client imports only src/contract and src/web.',
};

/**
 * Folders of src/web every part may import; every other folder is a feature (docs/lists.md, Feature
 * boundaries).
 */
const SHARED = ['app', 'components', 'hooks', 'lib', 'test'];
const features = readdirSync(new URL('./src/web', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SHARED.includes(entry.name))
  .map((entry) => entry.name);

/** A feature's internals: anything below `@/<feature>/`; `@/<feature>` (its index.ts) stays allowed. */
const internalsOf = (feature) => ({
  group: [`@/${feature}/**`],
  message: `Import the ${feature} feature through its public index: '@/${feature}'.`,
});

/**
 * Feature boundaries (as bulletproof-react's import/no-restricted-paths zones, with the core rule):
 * a feature imports another only through its index.ts; app/ and test/ too (app/router's lazy
 * `import()` of a screen is not checked, which keeps each screen in its own chunk); components/,
 * hooks/ and lib/ import no feature at all. The folder list is read from disk, so a new feature is
 * covered the day it is created.
 */
function featureBoundaries() {
  const perFeature = features.map((feature) => ({
    files: [`src/web/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [serverImports, ...features.filter((f) => f !== feature).map(internalsOf)] },
      ],
    },
  }));
  const sharedCode = {
    files: ['src/web/{components,hooks,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            {
              group: features.map((feature) => `@/${feature}`).flatMap((f) => [f, `${f}/**`]),
              message: 'Shared code (components, hooks, lib) depends on no feature.',
            },
          ],
        },
      ],
    },
  };
  const shell = {
    files: ['src/web/{app,test}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverImports, ...features.map(internalsOf)] }],
    },
  };
  return [...perFeature, sharedCode, shell];
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      '.e2e',
      'coverage',
      'node_modules',
      'test-results',
      'playwright-report',
      'scratch',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `any` needs a written reason: disable the rule on that line with a comment saying why.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [serverImports] }],
    },
  },
  ...featureBoundaries(),
  {
    files: ['src/server/**/*.ts', 'src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '@/*'], message: 'The server imports only src/contract and src/server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', '@/*', 'drizzle-orm*', 'fastify*', 'react*'],
              message: 'The contract depends on zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
