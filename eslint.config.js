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
 * A relative path that climbs out of its folder (`../x`, `../../tenants/x`) is invisible to the
 * alias-based rules below; in src/web every import across folders goes through `@/`.
 */
const relativeUp = {
  group: ['../*', '../**'],
  message: "Import across folders through the '@/' alias, so the boundary rules see where it goes.",
};

/** Folders of src/web every part may import; every other folder is a feature (README, Architecture). */
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
        {
          patterns: [serverImports, relativeUp, ...features.filter((f) => f !== feature).map(internalsOf)],
        },
      ],
    },
  }));
  const noFeature = {
    group: features.map((feature) => `@/${feature}`).flatMap((f) => [f, `${f}/**`]),
    message: 'Shared code (components, hooks, lib) depends on no feature.',
  };
  const sharedCode = {
    files: ['src/web/{components,hooks}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImports, relativeUp, noFeature] }] },
  };
  // lib/ sits below components/: components render with lib's helpers, never the other way round.
  const libCode = {
    files: ['src/web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            relativeUp,
            noFeature,
            { group: ['@/components', '@/components/**'], message: 'lib/ depends on no component.' },
          ],
        },
      ],
    },
  };
  const shell = {
    files: ['src/web/{app,test}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [serverImports, relativeUp, ...features.map(internalsOf)] },
      ],
    },
  };
  return [...perFeature, sharedCode, libCode, shell];
}

const clientImports = {
  group: ['**/web/**', '@/*'],
  message: 'The server imports only src/contract and src/server.',
};
/** Another domain's tests and test helpers are its own (src/server/test/ is the shared kit). */
const otherDomainsTests = {
  group: ['../*/*.test', '../*/**/*.test', '../*/test/**', '../../*/*.test', '../../*/test/**'],
  message: "Another domain's tests are its own; shared test helpers live in src/server/test/.",
};
const ROUTE_FILES = ['src/server/**/routes.ts', 'src/server/**/*-routes.ts'];

/**
 * Server layers (README, Architecture): app.ts registers the routes; routes handle HTTP and call
 * services; services hold the rules and the queries. So:
 * - only app.ts and a domain's own routes import a routes module (blue-green/routes is the one route
 *   plugin two domains mount);
 * - routes import nothing from db/ but types: a query belongs in a service, where a transaction can
 *   hold it;
 * - a domain may import another domain's services and other modules, never its routes or its tests.
 */
function serverLayers() {
  const anyRoutes = {
    group: ['./routes', './*-routes', '../*/routes', '../*/*-routes', '../../*/routes', '../../*/*-routes'],
    message: 'Routes are registered by app.ts; call the service instead.',
  };
  const otherDomainsRoutes = {
    group: ['../*/routes', '../*/*-routes', '!../blue-green/routes', '../../*/routes', '../../*/*-routes'],
    message: "Mount only your own domain's routes (blue-green/routes is the shared plugin).",
  };
  return [
    {
      files: ['src/server/**/*.ts'],
      ignores: [...ROUTE_FILES, 'src/server/app.ts', 'src/server/**/*.test.ts'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [clientImports, otherDomainsTests, anyRoutes] }],
      },
    },
    {
      files: ROUTE_FILES,
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [clientImports, otherDomainsTests, otherDomainsRoutes] },
        ],
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['../db/*', '../../db/*', '../db/**', '../../db/**'],
                allowTypeImports: true,
                message: 'Routes call services; queries and tables stay in services (import type is fine).',
              },
            ],
          },
        ],
      },
    },
  ];
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
      'no-restricted-imports': ['error', { patterns: [serverImports, relativeUp] }],
    },
  },
  ...featureBoundaries(),
  {
    files: ['src/server/**/*.ts', 'src/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientImports] }] },
  },
  ...serverLayers(),
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
