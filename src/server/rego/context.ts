import type { Module, Rule } from './ast';

/** What the compile stages know of one module, built once (compile.ts) and read by each check. */
export interface Context {
  module: Module;
  rules: Rule[];
  /** Names that are not variables in a body: input, data, rule names, import aliases. */
  globals: Set<string>;
  /** The module's functions by dotted name, with their number of parameters. */
  functions: Map<string, number>;
  /** Names bound by `import data...`/`import input...`. */
  importAliases: Set<string>;
  ruleNames: Set<string>;
  /** `data.<package>`. */
  packageRef: string;
}
