// Prints the shape figures that issues 21 and 36 set as targets for production code (tests, demo data
// and the vendored shadcn primitives aside): files over 300 lines, functions over 60 lines (issue 21 said
// 80), and `as` casts (` as Type`, not `as const` nor `import * as`). Figures only: nothing here fails a
// build. --list names each.
// Usage: node scripts/code-shape.mjs [--list]
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const list = process.argv.includes('--list');
const FILE_LIMIT = 300;
const FUNCTION_LIMIT = 60;

const isProduction = (path) =>
  /\.tsx?$/.test(path) &&
  !/\.(test|spec|property\.test)\.tsx?$/.test(path) &&
  !path.includes('/test/') &&
  !path.includes('/components/ui/') &&
  !/\/demo-[\w-]+\.ts$/.test(path) &&
  !path.includes('/migrations/');

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

const files = [...walk(join(root, 'src'))].map((p) => relative(root, p)).filter(isProduction);
const longFiles = [];
const longFunctions = [];
const casts = [];
let lines = 0;

for (const path of files) {
  const text = readFileSync(join(root, path), 'utf8');
  const lineCount = text.split('\n').length;
  lines += lineCount;
  if (lineCount > FILE_LIMIT) longFiles.push([path, lineCount]);
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node) => {
    if (ts.isAsExpression(node)) {
      const type = node.type;
      const isConst = ts.isTypeReferenceNode(type) && type.typeName.getText(source) === 'const';
      if (!isConst) casts.push(`${path}:${lineOf(node.getStart(source)) + 1} as ${type.getText(source)}`);
    }
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const length = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      if (length > FUNCTION_LIMIT) {
        const name = node.name?.getText(source) ?? `(anonymous at line ${lineOf(node.getStart(source)) + 1})`;
        longFunctions.push([`${path} ${name}`, length]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

console.log(`production files: ${files.length}, lines: ${lines}`);
console.log(`files over ${FILE_LIMIT} lines: ${longFiles.length}`);
console.log(`functions over ${FUNCTION_LIMIT} lines: ${longFunctions.length}`);
console.log(`as casts: ${casts.length}`);
if (list) {
  for (const [name, n] of longFiles.sort((a, b) => b[1] - a[1])) console.log(`  file ${n} ${name}`);
  for (const [name, n] of longFunctions.sort((a, b) => b[1] - a[1])) console.log(`  function ${n} ${name}`);
  for (const cast of casts) console.log(`  cast ${cast}`);
}
