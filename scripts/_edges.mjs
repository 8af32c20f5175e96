import madge from 'madge';
const root = '/work/main/';
const allImports = { skipTypeImports: false };
const result = await madge(`${root}src`, {
  baseDir: `${root}src`,
  fileExtensions: ['ts', 'tsx'],
  tsConfig: `${root}tsconfig.json`,
  detectiveOptions: { ts: allImports, tsx: allImports },
});
const S = new Set(process.argv.slice(2));
const folderOf = (f) => {
  const m = /^server\/([^/]+)\//.exec(f);
  return m && !/\.test\.ts$|\/test\//.test(f) ? m[1] : null;
};
for (const [f, deps] of Object.entries(result.obj())) {
  const a = folderOf(f);
  if (!a || !S.has(a)) continue;
  for (const d of deps) {
    const b = folderOf(d);
    if (b && b !== a && S.has(b))
      console.log(`${a} -> ${b}: ${f.replace('server/', '')} -> ${d.replace('server/', '')}`);
  }
}
