import {
  ruleKind,
  ruleName,
  type Body,
  type Expr,
  type Loc,
  type Module,
  type RegoError,
  type Rule,
  type Term,
} from './ast';
import { BUILTINS } from './builtins';
import type { Context } from './context';
import { checkRecursion } from './recursion';
import { checkBody, headClosureErrors, headErrors, sortErrors, unsafeErrors, type ArityOf } from './safety';
import { exprVars, termVars } from './vars';
import { allBodies, allRules, visitCalls, visitExprs } from './walk';

/*
 * The compiler's checks that refuse a module at load time, in OPA's stage order (v1/ast/compile.go);
 * like OPA, the first stage that finds problems is the last one run.
 */

const ROOTS = ['input', 'data'];
const err = (loc: Loc, code: RegoError['code'], message: string): RegoError => ({ ...loc, code, message });

const dottedRef = (rule: Rule) =>
  rule.head.ref
    .map((part) => (part.type === 'var' ? part.name : part.type === 'string' ? part.value : ''))
    .join('.');

export function contextOf(module: Module): Context {
  const importAliases = new Set<string>();
  for (const imp of module.imports) {
    const [root] = imp.path;
    if (root === 'data' || root === 'input')
      importAliases.add(imp.alias ?? imp.path[imp.path.length - 1] ?? '');
  }
  const functions = new Map<string, number>();
  for (const rule of module.rules) if (rule.head.args) functions.set(dottedRef(rule), rule.head.args.length);
  const ruleNames = new Set(module.rules.map(ruleName));
  const globals = new Set([...ROOTS, ...importAliases, ...ruleNames]);
  const packageRef = ['data', ...(module.packagePath ?? [])].join('.');
  return { module, rules: module.rules, globals, functions, importAliases, ruleNames, packageRef };
}

const importText = (imp: Module['imports'][number]) =>
  `import ${imp.path.join('.')}${imp.alias ? ` as ${imp.alias}` : ''}`;

/** Rego v1's module checks: no import twice, nothing named input or data, no deprecated built-in. */
function checkRegoV1Module(ctx: Context): RegoError[] {
  const errors: RegoError[] = [];
  const seen = new Map<string, Module['imports'][number]>();
  for (const imp of ctx.module.imports) {
    if (imp.path[0] === 'future' || imp.path[0] === 'rego') continue;
    const name = imp.alias ?? imp.path[imp.path.length - 1] ?? '';
    const earlier = seen.get(name);
    if (earlier)
      errors.push(err(imp.loc, 'rego_compile_error', `import must not shadow ${importText(earlier)}`));
    else seen.set(name, imp);
  }
  for (const rule of allRules(ctx.rules)) {
    const name = ruleName(rule);
    if (ROOTS.includes(name)) {
      errors.push(
        err(rule.loc, 'rego_compile_error', `rules must not shadow ${name} (use a different rule name)`),
      );
    }
  }
  visitExprs(ctx.rules, (expr) => {
    const lhs =
      expr.body.type === 'term' && expr.body.term.type === 'call' && expr.body.term.name === 'assign'
        ? expr.body.term.args[0]
        : undefined;
    if (
      lhs?.type === 'ref' &&
      lhs.path.length === 0 &&
      lhs.head.type === 'var' &&
      ROOTS.includes(lhs.head.name)
    ) {
      errors.push(
        err(
          expr.loc,
          'rego_compile_error',
          `variables must not shadow ${lhs.head.name} (use a different variable name)`,
        ),
      );
    }
  });
  visitCalls(ctx.rules, (call) => {
    if (BUILTINS.get(call.name)?.deprecated) {
      errors.push(
        err(call.loc, 'rego_type_error', `deprecated built-in function calls in expression: ${call.name}`),
      );
    }
  });
  return errors;
}

/** Local variables: `:=` declares once per scope and only variables; `some` declarations are used. */
function checkLocalVars(ctx: Context): RegoError[] {
  const errors: RegoError[] = [];
  for (const body of allBodies(ctx.rules)) errors.push(...checkScope(body));
  return errors;
}

function checkScope(body: Body): RegoError[] {
  const errors: RegoError[] = [];
  const declared = new Set<string>();
  for (const expr of body) {
    const what = expr.body;
    if (what.type === 'someVars') {
      for (const v of what.vars) {
        if (declared.has(v.name))
          errors.push(err(expr.loc, 'rego_compile_error', `var ${v.name} declared above`));
        declared.add(v.name);
        if (!body.some((other) => other !== expr && mentions(other, v.name))) {
          errors.push(err(expr.loc, 'rego_compile_error', `declared var ${v.name} unused`));
        }
      }
    }
    if (what.type !== 'term' || what.term.type !== 'call' || what.term.name !== 'assign') continue;
    const [lhs] = what.term.args;
    if (!lhs) continue;
    if (lhs.type !== 'var' && lhs.type !== 'array' && lhs.type !== 'object') {
      errors.push(err(expr.loc, 'rego_compile_error', `cannot assign to ${lhs.type}`));
      continue;
    }
    for (const name of assignedNames(lhs)) {
      if (declared.has(name)) errors.push(err(expr.loc, 'rego_compile_error', `var ${name} assigned above`));
      declared.add(name);
    }
  }
  return errors;
}

function assignedNames(term: Term): string[] {
  if (term.type === 'var') return term.wildcard ? [] : [term.name];
  if (term.type === 'array') return term.items.flatMap(assignedNames);
  if (term.type === 'object') return term.entries.flatMap(([, value]) => assignedNames(value));
  return [];
}

/** The expression uses the variable, in its closures too. */
const mentions = (expr: Expr, name: string): boolean => exprVars(expr, new Set(), {}).has(name);

/** Rules of one name agree on their kind; one default per rule. */
function checkRuleConflicts(ctx: Context): RegoError[] {
  const errors: RegoError[] = [];
  const pkg = ctx.packageRef;
  const byName = new Map<string, Rule[]>();
  for (const rule of ctx.rules) byName.set(ruleName(rule), [...(byName.get(ruleName(rule)) ?? []), rule]);
  for (const [name, rules] of byName) {
    const signature = (r: Rule) =>
      `${r.head.ref.length > 1 ? 'ref' : ruleKind(r)}/${r.head.args?.length ?? ''}`;
    const [first] = rules;
    if (!first) continue;
    if (new Set(rules.map(signature)).size > 1)
      errors.push(err(first.loc, 'rego_type_error', `conflicting rules ${pkg}.${name} found`));
    const defaults = rules.filter((r) => r.isDefault);
    if (defaults.length > 1 && defaults[1]) {
      errors.push(err(defaults[1].loc, 'rego_type_error', `multiple default rules ${pkg}.${name} found`));
    }
  }
  return errors;
}

/** A call names a built-in, a function of the module, or something under `data` (or an import of it). */
function checkUndefinedFunctions(ctx: Context): RegoError[] {
  const errors: RegoError[] = [];
  visitCalls(ctx.rules, (call) => {
    const { name } = call;
    const root = name.split('.')[0] ?? '';
    if (!name || ctx.functions.has(name) || root === 'data' || ctx.importAliases.has(root)) return;
    // A rule of the module named like a built-in's namespace (`time`) hides it, as in OPA.
    if (ctx.ruleNames.has(root)) {
      errors.push(err(call.loc, 'rego_type_error', `undefined function ${ctx.packageRef}.${name}`));
    } else if (!BUILTINS.has(name))
      errors.push(err(call.loc, 'rego_type_error', `undefined function ${name}`));
  });
  return errors;
}

/** The argument counts OPA's type checker enforces: no fewer than the parameters, at most one more. */
function checkArity(ctx: Context, arityOf: ArityOf): RegoError[] {
  const errors: RegoError[] = [];
  visitCalls(ctx.rules, (call) => {
    const builtin = BUILTINS.get(call.name);
    const arity = arityOf(call.name);
    if (arity === undefined || builtin?.variadic) return;
    const max = builtin?.void ? arity : arity + 1;
    const have = call.args.length;
    if (have > max)
      errors.push(
        err(call.loc, 'rego_type_error', `${call.name}: too many arguments (have ${have}, want ${arity})`),
      );
    else if (have < arity)
      errors.push(
        err(call.loc, 'rego_type_error', `${call.name}: too few arguments (have ${have}, want ${arity})`),
      );
  });
  return errors;
}

function checkSafetyHeads(ctx: Context): RegoError[] {
  return allRules(ctx.rules).flatMap((rule) => headErrors(rule, ctx.globals));
}

function checkSafetyBodies(ctx: Context, arityOf: ArityOf): RegoError[] {
  return allRules(ctx.rules).flatMap((rule) => {
    const globals = new Set(ctx.globals);
    for (const arg of rule.head.args ?? []) termVars(arg, globals, {});
    return [
      ...unsafeErrors(checkBody(globals, rule.body, arityOf)),
      ...headClosureErrors(rule, globals, arityOf),
    ];
  });
}

/** Runs the compiler's checks in OPA's order; answers the problems of the first stage that has any. */
export function compileChecks(module: Module): RegoError[] {
  const ctx = contextOf(module);
  const arityOf: ArityOf = (name) => BUILTINS.get(name)?.arity ?? ctx.functions.get(name);
  const stages: (() => RegoError[])[] = [
    () => checkRegoV1Module(ctx),
    () => checkLocalVars(ctx),
    () => checkRuleConflicts(ctx),
    () => checkUndefinedFunctions(ctx),
    () => checkSafetyHeads(ctx),
    () => checkSafetyBodies(ctx, arityOf),
    () => checkRecursion(ctx),
    () => checkArity(ctx, arityOf),
  ];
  for (const stage of stages) {
    const errors = stage();
    if (errors.length > 0) return sortErrors(errors);
  }
  return [];
}
