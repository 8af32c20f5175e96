import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)),
  '@': fileURLToPath(new URL('./src/web', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Each server test file opens its own in-memory PGlite (~1 s, ~150 MB): keep the pool small on 2 cores.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Migrates one database of each kind; every test database starts as a copy of it.
          globalSetup: ['src/server/test/database-templates.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          // One module graph and jsdom per worker, not per file: importing React, Radix and the app and
          // building a jsdom cost 8 of the project's 9 minutes. State a module keeps (the toasts) is
          // reset by the setup file after each test.
          isolate: false,
          // Radix dialogs and selects under jsdom are slow on a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
