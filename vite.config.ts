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
  },
  server: {
    proxy: {
      // changeOrigin stays false so the Host header keeps matching the browser's Origin
      // (the server rejects cross-origin state-changing requests).
      '/api': { target: 'http://localhost:5000' },
    },
  },
});
