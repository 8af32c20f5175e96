import { ruleName, type RegoError, type Term } from './ast';
import type { Context } from './context';
import { termVars } from './vars';
import { allRules, headTerms, visitBody } from './walk';

/*
 * OPA refuses recursive rules (rego_recursion_error): a rule whose body or head refers, directly or
 * through other rules of the module, back to itself.
 */

/** The module's rule names a rule refers to: as variables (`is_admin`), or as `data.<package>.<name>`. */
function dependencies(ctx: Context, name: string, prefix: string[]): Set<string> {
  const names = new Set(ctx.rules.map(ruleName));
  const out = new Set<string>();
  const fromTerm = (term: Term) => {
    for (const v of termVars(term, new Set(), {})) if (names.has(v)) out.add(v);
  };
  for (const rule of allRules(ctx.rules)) {
    if (ruleName(rule) !== name) continue;
    headTerms(rule).forEach(fromTerm);
    visitBody(
      rule.body,
      (expr) => {
        if (expr.body.type === 'term') fromTerm(expr.body.term);
        if (expr.body.type === 'someIn') fromTerm(expr.body.domain);
        if (expr.body.type === 'every') fromTerm(expr.body.domain);
      },
      (call) => {
        if (names.has(call.name)) out.add(call.name);
        const dotted = call.name.split('.');
        const local =
          dotted.slice(0, prefix.length).join('.') === prefix.join('.') ? dotted[prefix.length] : undefined;
        if (local && names.has(local)) out.add(local);
      },
    );
  }
  return out;
}

export function checkRecursion(ctx: Context): RegoError[] {
  const pkg = ['data', ...(ctx.module.packagePath ?? [])];
  const graph = new Map<string, Set<string>>();
  for (const name of new Set(ctx.rules.map(ruleName))) graph.set(name, dependencies(ctx, name, pkg));
  const errors: RegoError[] = [];
  const reported = new Set<string>();
  for (const rule of ctx.rules) {
    const name = ruleName(rule);
    if (reported.has(name)) continue;
    const cycle = findCycle(graph, name);
    if (!cycle) continue;
    reported.add(name);
    const path = cycle.map((n) => `${pkg.join('.')}.${n}`).join(' -> ');
    errors.push({
      ...rule.loc,
      code: 'rego_recursion_error',
      message: `rule ${pkg.join('.')}.${name} is recursive: ${path}`,
    });
  }
  return errors;
}

/** A path from `start` back to itself, if there is one. */
function findCycle(graph: Map<string, Set<string>>, start: string): string[] | undefined {
  const visit = (node: string, path: string[], seen: Set<string>): string[] | undefined => {
    for (const next of graph.get(node) ?? []) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = visit(next, [...path, next], seen);
      if (found) return found;
    }
    return undefined;
  };
  return visit(start, [start], new Set());
}
