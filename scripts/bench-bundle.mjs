// Initial JavaScript budget (issue 12): what a first visit downloads before anything renders is the entry
// script of dist/client/index.html plus every chunk it modulepreloads. Prints each of those chunks (raw and
// gzip bytes), their total, and the lazy chunks a visit loads later, largest first. Budget: <= 150 KB gzip
// in total, and no CodeMirror code among them. Prints figures only; e2e/shell/bundle-budget.spec.ts enforces.
// Usage: npm run build:client && node scripts/bench-bundle.mjs
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The initial JS budget, in gzip bytes. */
export const INITIAL_JS_BUDGET = 150 * 1024;

/** The script paths an index.html loads before first render: its module entry, then its modulepreloads. */
export function initialScripts(html) {
  const entries = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map(
    (m) => m[1],
  );
  return [...new Set([...entries, ...preloads])];
}

/**
 * CodeMirror's own source carries these strings (its base theme's class names and view plugin names);
 * the app's code never does, so a chunk holding one of them holds CodeMirror.
 */
const CODEMIRROR_MARKERS = ['.cm-scroller', 'cm-content', '@codemirror/'];

/** Size of one script: raw bytes, gzip bytes (level 9, as a server compressing static files would). */
export function measure(path, source) {
  return {
    path,
    bytes: source.length,
    gzip: gzipSync(source, { level: 9 }).length,
    codemirror: CODEMIRROR_MARKERS.some((marker) => source.includes(marker)),
  };
}

/**
 * Per-screen JavaScript (issue 27): what a list screen needs in total, its lazy chunk and every chunk it
 * imports statically, transitively (the entry and its preloads included), from Vite's manifest. The
 * target is 200 KB gzip per screen, and every screen is within it, so the ceiling the e2e spec enforces
 * is the target itself (docs/lists.md, "What a screen downloads").
 */
export const SCREEN_JS_TARGET = 200 * 1024;
export const SCREEN_JS_CEILING = SCREEN_JS_TARGET;

/**
 * Each list screen's route and the module its route lazily imports (src/web/app/router.tsx): the screens of
 * src/contract/first-visit.ts, which this plain Node script cannot import (first-visit-links.test.ts checks).
 */
export const LIST_SCREENS = {
  '/': 'overview/components/overview-page.tsx',
  '/tenants': 'tenants/components/tenants-page.tsx',
  '/users': 'users/components/users-page.tsx',
  '/apis': 'capabilities/components/capabilities-page.tsx',
  '/apps': 'web-apps/components/web-apps-page.tsx',
  '/microfrontends': 'microfrontends/registry/components/microfrontends-page.tsx',
  '/deployments': 'deployments/components/deployments-page.tsx',
  '/audit-log': 'audit/components/audit-log-page.tsx',
  '/changes': 'app/pages/changes-route.tsx',
};

/** The .js files (dist-relative) a screen loads: its chunk and its static imports, transitively. */
export function screenScripts(manifest, source) {
  if (!manifest[source]) throw new Error(`${source} is not a chunk of its own in the manifest`);
  const seen = new Set();
  const stack = [source];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    stack.push(...(manifest[key]?.imports ?? []));
  }
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function main() {
  const root = join(fileURLToPath(import.meta.url), '../../dist/client');
  if (!existsSync(join(root, 'index.html'))) {
    console.error('No client build: run `npm run build:client` first.');
    process.exit(1);
  }
  const html = readFileSync(join(root, 'index.html'), 'utf8');
  const initial = initialScripts(html).map((path) => measure(path, readFileSync(join(root, path))));
  const initialPaths = new Set(initial.map((chunk) => chunk.path));
  const lazy = readdirSync(join(root, 'assets'))
    .filter((file) => file.endsWith('.js') && !initialPaths.has(`/assets/${file}`))
    .map((file) => measure(`/assets/${file}`, readFileSync(join(root, 'assets', file))));

  const row = (chunk) =>
    `  ${chunk.path.padEnd(56)} ${kb(chunk.bytes).padStart(10)} ${kb(chunk.gzip).padStart(10)} gz${chunk.codemirror ? '  (CodeMirror)' : ''}`;
  console.log('Initial JS (entry + modulepreload):');
  for (const chunk of initial) console.log(row(chunk));
  const total = initial.reduce((sum, chunk) => sum + chunk.gzip, 0);
  const raw = initial.reduce((sum, chunk) => sum + chunk.bytes, 0);
  console.log(
    `  ${'total'.padEnd(56)} ${kb(raw).padStart(10)} ${kb(total).padStart(10)} gz  budget ${kb(INITIAL_JS_BUDGET)}: ${
      total <= INITIAL_JS_BUDGET ? 'within' : 'OVER'
    }`,
  );
  const withCodeMirror = initial.filter((chunk) => chunk.codemirror);
  if (withCodeMirror.length > 0)
    console.log(`  CodeMirror in the initial set: ${withCodeMirror.map((c) => c.path)}`);
  const manifest = JSON.parse(readFileSync(join(root, '.vite/manifest.json'), 'utf8'));
  console.log(`\nPer list screen (its chunk and all it imports; target ${kb(SCREEN_JS_TARGET)}):`);
  for (const [route, source] of Object.entries(LIST_SCREENS)) {
    const files = screenScripts(manifest, source);
    const gzip = files.reduce((sum, file) => sum + measure(file, readFileSync(join(root, file))).gzip, 0);
    console.log(
      `  ${route.padEnd(56)} ${String(files.length).padStart(6)} files ${kb(gzip).padStart(10)} gz`,
    );
  }
  console.log(`\nLazy chunks (${lazy.length}), largest first:`);
  for (const chunk of lazy.sort((a, b) => b.gzip - a.gzip)) console.log(row(chunk));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
