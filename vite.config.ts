import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressPlugin } from './scripts/precompress';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * index.html modulepreloads the route table of the first visit (src/web/app/route-data.ts), which the
 * entry imports dynamically so that no screen's budget pays for it: it arrives with the entry, and the
 * screen's first query leaves one small chunk later instead of two.
 */
function preloadRouteData(): Plugin {
  return {
    name: 'preload-route-data',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/web/app/route-data.ts'),
        );
        if (!chunk) throw new Error('src/web/app/route-data.ts is not a chunk of its own');
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Source bytes (before minification) under which a common chunk is inlined into its readers. At 32 KB
 * a list screen's first visit is 14-24 files (from 50-110) and every screen's total is smaller.
 */
const INLINE_COMMON_CHUNKS_BELOW = 32 * 1024;

const resolve = {
  alias: {
    '@contract': fromRoot('./src/contract'),
    '@': fromRoot('./src/web'),
  },
};

/**
 * `vite build --ssr`: the server's renderer of a page's first view (src/web/ssr/render-page.tsx,
 * docs/architecture.md, "The first view from the server"), one file with every package in it, which the
 * server imports from dist/ssr when present. Its screens are the client's, without their styles.
 */
const serverRenderBuild = defineConfig({
  root: fromRoot('./src/web'),
  plugins: [react()],
  resolve,
  ssr: { noExternal: true, target: 'node' },
  // The packages bundled in choose their production build by NODE_ENV, which an SSR build leaves to the
  // process that runs it: React's development build renders several times slower.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: fromRoot('./dist/ssr'),
    emptyOutDir: true,
    ssr: true,
    rolldownOptions: {
      input: fromRoot('./src/web/ssr/render-page.tsx'),
      output: { codeSplitting: false },
    },
  },
});

const clientBuild = defineConfig({
  root: fromRoot('./src/web'),
  plugins: [react(), tailwindcss(), precompressPlugin(), preloadRouteData()],
  resolve,
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which chunks each screen imports, for the per-screen JS budget.
    manifest: true,
    // Every browser the console supports preloads modules itself: the polyfill's bytes were in every
    // screen's total.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is loaded on every visit anyway: one chunk instead
            // of a handful shared with the screens in ever-changing ways, whose per-screen total then pays
            // no import glue and compresses as one file.
            { name: 'initial', tags: ['$initial'] },
          ],
          // The rest is split per set of lazy chunks that use a module, which left a first visit some
          // 50-110 files, most of them under 2 KB (an icon, a hook, one radix primitive). A common chunk
          // below this size is copied into each chunk that reads it instead; rolldown's runtime keeps one
          // instance of each module across the copies (one React context, one cache), and no chunk gains
          // code it would not have loaded anyway. Screens and dialogs stay chunks of their own, and a
          // heavy library (CodeMirror, Recharts, the password estimator) stays in its own lazy chunk.
          // Figures: docs/architecture.md, "How the first visit loads".
          experimentalInlineCommonChunks: {
            maxSize: INLINE_COMMON_CHUNKS_BELOW,
            // Chunks holding styles stay files: Vite's CSS plugin emits a module's CSS from every
            // chunk that lists it (rolldown's guide to the option).
            exclude: /\.css(?:\?|$)/,
          },
        },
      },
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

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderBuild : clientBuild));
