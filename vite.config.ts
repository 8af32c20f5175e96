import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot('./src/web'),
  plugins: [react(), tailwindcss(), precompressPlugin()],
  resolve: {
    alias: {
      '@contract': fromRoot('./src/contract'),
      '@': fromRoot('./src/web'),
    },
  },
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which chunks each screen imports, for the per-screen JS budget.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Our own modules run nothing on import, so a feature's index.ts that re-exports its whole
        // surface costs an importer only what it uses, not every screen behind it (a list screen that
        // needed one hook of the changes feature downloaded the change review page and its diff library).
        // Left to the default: packages (their package.json says) and the two modules that do act on
        // import (the entry, and the password estimator that installs itself when loaded).
        moduleSideEffects: (id: string) =>
          /\/src\/(?:web|contract)\/.*\.tsx?$/.test(id) && !/(?:main|password-strength)\.tsx?$/.test(id)
            ? false
            : undefined,
      },
    },
  },
  server: {
    proxy: {
      // changeOrigin stays false so the Host header keeps matching the browser's Origin
      // (the server rejects cross-origin state-changing requests).
      '/api': { target: 'http://localhost:5000' },
    },
  },
});
