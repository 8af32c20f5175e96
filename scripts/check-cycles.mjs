// No import cycle in src/ (issue 21): fails on
// - a cycle between files anywhere in src/ (server, contract, web), `import type` included: a cycle of
//   types alone does not run, but it still ties two modules so that neither can be read or moved alone;
// - a cycle between web features (src/web/<feature>/, tests aside), even when no file cycle carries it:
//   features compose in src/web/app/, and a feature that needs another's piece takes it from there;
// - a cycle between server folders (src/server/<folder>/, tests and test helpers aside). One kind of
//   edge is left out, the registration tables: src/server/changes/kinds/ registers each domain's
//   service with the change machinery (docs/decisions/004), while the domains call the machinery's
//   entry points (applyDirect) from their routes. A context whose parts use each other both ways is
//   one folder (src/server/delivery/).
// Usage: npm run check:cycles (part of npm test)
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = fileURLToPath(new URL('..', import.meta.url));
const SHARED_WEB = new Set(['app', 'components', 'hooks', 'lib', 'test']);
const features = new Set(
  readdirSync(new URL('../src/web', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SHARED_WEB.has(entry.name))
    .map((entry) => entry.name),
);

const allImports = { skipTypeImports: false };
const result = await madge(`${root}src`, {
  baseDir: `${root}src`,
  fileExtensions: ['ts', 'tsx'],
  tsConfig: `${root}tsconfig.json`,
  detectiveOptions: { ts: allImports, tsx: allImports },
});

/** Strongly connected components of more than one node: each is one or more cycles. */
function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const files = result.obj();
const fileCycles = result.circular();

const featureOf = (file) => {
  const match = /^web\/([^/]+)\//.exec(file);
  return match && features.has(match[1]) && !/\.test\.tsx?$|\/test\//.test(file) ? match[1] : null;
};
const featureGraph = new Map();
for (const [file, deps] of Object.entries(files)) {
  const from = featureOf(file);
  if (!from) continue;
  const edges = featureGraph.get(from) ?? new Set();
  for (const dep of deps) {
    const to = featureOf(dep);
    if (to && to !== from) edges.add(to);
  }
  featureGraph.set(from, edges);
}
const featureCycles = cycles(featureGraph);

const REGISTRATION = /^server\/changes\/kinds\//;
const folderOf = (file) => {
  const match = /^server\/([^/]+)\//.exec(file);
  return match && !/\.test\.ts$|\/test\//.test(file) ? match[1] : null;
};
/** Folder graph, with one example import per edge for the message. */
const folderGraph = new Map();
const folderEdge = new Map();
for (const [file, deps] of Object.entries(files)) {
  const from = folderOf(file);
  if (!from || REGISTRATION.test(file)) continue;
  const edges = folderGraph.get(from) ?? new Set();
  for (const dep of deps) {
    const to = folderOf(dep);
    if (!to || to === from) continue;
    edges.add(to);
    if (!folderEdge.has(`${from}>${to}`)) folderEdge.set(`${from}>${to}`, `${file} -> ${dep}`);
  }
  folderGraph.set(from, edges);
}
const folderCycles = cycles(folderGraph);

for (const cycle of fileCycles) console.error(`file cycle: ${cycle.join(' > ')}`);
for (const cycle of featureCycles) console.error(`feature cycle: ${cycle.join(' <-> ')} (src/web)`);
for (const cycle of folderCycles) {
  console.error(`server folder cycle: ${cycle.join(' <-> ')}`);
  for (const from of cycle)
    for (const to of folderGraph.get(from) ?? [])
      if (cycle.includes(to)) console.error(`  ${folderEdge.get(`${from}>${to}`)}`);
}
console.info(
  `${Object.keys(files).length} files: ${fileCycles.length} file cycles, ${featureCycles.length} feature cycles, ` +
    `${folderCycles.length} server folder cycles`,
);
if (fileCycles.length + featureCycles.length + folderCycles.length > 0) process.exit(1);
