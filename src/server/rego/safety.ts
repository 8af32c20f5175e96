import type { Body, Expr, Loc, RegoError, Rule, Term } from './ast';
import { bodyVars, closureVars, exprClosures, exprVars, termVars, type Closure } from './vars';

/*
 * Variable safety, after OPA's compiler (v1/ast/compile.go: checkSafetyRuleHeads, reorderBodyForSafety,
 * outputVarsForExpr, the unifier): every variable must be bound by a non-negated expression of the body
 * before it is used as an input (of a call, a negation, a comprehension it closes over). Expressions may
 * come in any order: the body is reordered as OPA does, and whatever stays unbound is "unsafe".
 */

/** How many arguments a function takes (its output not counted), or undefined when unknown. */
export type ArityOf = (name: string) => number | undefined;

type Unsafe = Map<Expr, Set<string>>;

const isSubset = (vars: Set<string>, safe: Set<string>) => [...vars].every((v) => safe.has(v));
const varsOf = (term: Term) => termVars(term, new Set());

/** Variables in refs' brackets, bound by iteration once the ref's head is bound (`xs[i]`). */
function refOutputs(term: Term, safe: Set<string>, out: Set<string>): void {
  switch (term.type) {
    case 'ref': {
      const headSafe =
        term.head.type === 'var' ? safe.has(term.head.name) : isSubset(varsOf(term.head), safe);
      if (!headSafe) return;
      if (term.head.type !== 'var') refOutputs(term.head, safe, out);
      for (const part of term.path) {
        termVars(part, out, { skipClosures: true });
        refOutputs(part, safe, out);
      }
      return;
    }
    case 'call':
      term.args.forEach((arg) => refOutputs(arg, safe, out));
      return;
    case 'array':
    case 'set':
      term.items.forEach((item) => refOutputs(item, safe, out));
      return;
    case 'object':
      for (const [key, value] of term.entries) {
        refOutputs(key, safe, out);
        refOutputs(value, safe, out);
      }
      return;
    default:
      return;
  }
}

/** OPA's unifier: the variables `a = b` binds, given those already bound. */
function unify(a: Term, b: Term, safe: Set<string>, out: Set<string>): void {
  const bound = (t: Term) => isSubset(varsOf(t), new Set([...safe, ...out]));
  const bindAll = (t: Term) => varsOf(t).forEach((v) => out.add(v));
  if (a.type === 'var' && b.type === 'var') {
    if (bound(b)) out.add(a.name);
    else if (bound(a)) out.add(b.name);
    return;
  }
  if (a.type === 'array' && b.type === 'array') {
    if (a.items.length === b.items.length)
      a.items.forEach((item, i) => {
        const other = b.items[i];
        if (other) unify(item, other, safe, out);
      });
    return;
  }
  if (a.type === 'object' && b.type === 'object') {
    for (const [key, value] of a.entries) {
      const match = b.entries.find(([k]) => JSON.stringify(k) === JSON.stringify(key));
      if (match) unify(value, match[1], safe, out);
    }
    return;
  }
  const pattern = (t: Term) => t.type === 'var' || t.type === 'array' || t.type === 'object';
  if (pattern(a) && !pattern(b) && bound(b)) bindAll(a);
  else if (pattern(b) && !pattern(a) && bound(a)) bindAll(b);
  else if (pattern(a) && pattern(b)) {
    if (bound(b)) bindAll(a);
    else if (bound(a)) bindAll(b);
  }
}

function callOutputs(
  term: Extract<Term, { type: 'call' }>,
  safe: Set<string>,
  arityOf: ArityOf,
): Set<string> {
  const out = new Set<string>();
  refOutputs(term, safe, out);
  if (term.name === 'eq' || term.name === 'assign') {
    const [lhs, rhs] = term.args;
    if (lhs && rhs) unify(lhs, rhs, safe, out);
    return out;
  }
  const arity = arityOf(term.name);
  if (arity === undefined || term.args.length <= arity) return out;
  const inputs = new Set<string>();
  term.args
    .slice(0, arity)
    .forEach((arg) => termVars(arg, inputs, { skipClosures: true, skipRefHead: true }));
  if (![...inputs].every((v) => out.has(v) || safe.has(v))) return new Set();
  term.args.slice(arity).forEach((arg) => termVars(arg, out));
  return out;
}

/** The variables an expression binds, given those already bound. */
export function outputVars(expr: Expr, safe: Set<string>, arityOf: ArityOf): Set<string> {
  if (expr.negated) return new Set();
  const { body } = expr;
  if (body.type === 'someIn') {
    if (!isSubset(varsOf(body.domain), safe)) return new Set();
    const out = new Set<string>();
    if (body.key) termVars(body.key, out);
    termVars(body.value, out);
    return out;
  }
  if (body.type !== 'term') return new Set();
  if (body.term.type === 'call') return callOutputs(body.term, safe, arityOf);
  const out = new Set<string>();
  refOutputs(body.term, safe, out);
  return out;
}

/** Expressions closing over outer variables come after the ones binding those (reorderBodyForClosures). */
function closureOrder(globals: Set<string>, body: Body, arityOf: ArityOf): { ordered: Body; unsafe: Unsafe } {
  const ordered: Body = [];
  const unsafe: Unsafe = new Map();
  const outer = bodyVars(body);
  for (let progress = true; progress;) {
    progress = false;
    for (const expr of body) {
      if (ordered.includes(expr)) continue;
      const captured = new Set<string>();
      for (const closure of exprClosures(expr)) closureVars(closure).forEach((v) => captured.add(v));
      const bound = boundBy(ordered, globals, arityOf);
      const missing = [...captured].filter((v) => outer.has(v) && !globals.has(v) && !bound.has(v));
      if (missing.length === 0) {
        ordered.push(expr);
        unsafe.delete(expr);
        progress = true;
      } else unsafe.set(expr, new Set(missing));
    }
  }
  return { ordered: [...ordered, ...body.filter((e) => !ordered.includes(e))], unsafe };
}

function boundBy(body: Body, globals: Set<string>, arityOf: ArityOf): Set<string> {
  const safe = new Set(globals);
  for (const expr of body) outputVars(expr, safe, arityOf).forEach((v) => safe.add(v));
  return safe;
}

/** Checks a body (and, within it, its closures); answers the unsafe variables by expression. */
export function checkBody(globals: Set<string>, body: Body, arityOf: ArityOf): Unsafe {
  const { ordered, unsafe: closureUnsafe } = closureOrder(globals, body, arityOf);
  if (closureUnsafe.size > 0) return closureUnsafe;
  const unsafe: Unsafe = new Map();
  const safe = new Set<string>();
  for (const expr of ordered) {
    for (const v of exprVars(expr)) {
      if (globals.has(v)) safe.add(v);
      else unsafe.set(expr, (unsafe.get(expr) ?? new Set()).add(v));
    }
  }
  const reordered: Body = [];
  for (let progress = true; progress;) {
    progress = false;
    for (const expr of ordered) {
      if (reordered.includes(expr)) continue;
      outputVars(expr, safe, arityOf).forEach((v) => safe.add(v));
      const vars = unsafe.get(expr);
      for (const v of vars ?? []) if (safe.has(v)) vars?.delete(v);
      if (!vars || vars.size === 0) {
        unsafe.delete(expr);
        reordered.push(expr);
        progress = true;
      }
    }
  }
  checkClosures(globals, reordered, unsafe, arityOf);
  return unsafe;
}

/** Each closure is checked with the variables of the expressions before its own as given. */
function checkClosures(globals: Set<string>, reordered: Body, unsafe: Unsafe, arityOf: ArityOf): void {
  const given = new Set(globals);
  reordered.forEach((expr, i) => {
    const previous = reordered[i - 1];
    if (previous) exprVars(previous).forEach((v) => given.add(v));
    for (const closure of exprClosures(expr)) checkClosure(closure, expr, given, unsafe, arityOf);
  });
}

function checkClosure(
  closure: Closure,
  current: Expr,
  given: Set<string>,
  unsafe: Unsafe,
  arityOf: ArityOf,
): void {
  let globals = given;
  let body: Body;
  const heads = new Set<string>();
  if (closure.type === 'every') {
    if (closure.expr.body.type !== 'every') return;
    const { key, value } = closure.expr.body;
    globals = new Set([...given, ...(key ? [key.name] : []), value.name]);
    body = closure.expr.body.body;
  } else {
    const { term } = closure;
    body = term.body;
    if (term.type === 'objectCompr') [term.key, term.value].forEach((t) => termVars(t, heads));
    else termVars(term.term, heads);
  }
  const known = new Set([...bodyVars(body), ...globals]);
  for (const v of heads) if (!known.has(v)) unsafe.set(current, (unsafe.get(current) ?? new Set()).add(v));
  for (const [expr, vars] of checkBody(globals, body, arityOf)) {
    unsafe.set(expr, new Set([...(unsafe.get(expr) ?? []), ...vars]));
  }
}

const before = (a: Loc, b: Loc) => a.line < b.line || (a.line === b.line && a.column < b.column);

/** OPA's errors for unsafe variables: one per variable, at its first expression; wildcards by expression. */
export function unsafeErrors(unsafe: Unsafe): RegoError[] {
  const first = new Map<string, Loc>();
  for (const [expr, vars] of unsafe) {
    for (const v of vars) {
      const seen = first.get(v);
      if (!seen || before(expr.loc, seen)) first.set(v, expr.loc);
    }
  }
  const named = [...first].filter(([v]) => !v.startsWith('$'));
  const errors: RegoError[] = named.map(([v, loc]) => ({
    ...loc,
    code: 'rego_unsafe_var_error',
    message: `var ${v} is unsafe`,
  }));
  if (errors.length > 0 || unsafe.size === 0) return sortErrors(errors);
  return sortErrors(
    [...unsafe.keys()].map((expr) => ({
      ...expr.loc,
      code: 'rego_unsafe_var_error',
      message: 'expression is unsafe',
    })),
  );
}

export const sortErrors = (errors: RegoError[]) =>
  errors.sort((a, b) => a.line - b.line || a.column - b.column);

/** Comprehensions in a rule's head are checked as if they closed the body. */
export function headClosureErrors(rule: Rule, globals: Set<string>, arityOf: ArityOf): RegoError[] {
  const { head } = rule;
  const terms = [...head.ref.slice(1), ...(head.args ?? []), head.key, head.value].filter(
    (t) => t !== undefined,
  );
  const expr: Expr = {
    loc: rule.loc,
    negated: false,
    with: [],
    body: { type: 'term', term: { type: 'array', items: terms, loc: rule.loc } },
  };
  const given = new Set([...globals, ...bodyVars(rule.body)]);
  head.args?.forEach((arg) => termVars(arg, given));
  const unsafe: Unsafe = new Map();
  for (const closure of exprClosures(expr)) checkClosure(closure, expr, given, unsafe, arityOf);
  return unsafeErrors(unsafe);
}

/** Variables of a rule's head must be bound by its body or be its parameters. */
export function headErrors(rule: Rule, globals: Set<string>): RegoError[] {
  const safe = new Set([...bodyVars(rule.body), ...globals]);
  rule.head.args?.forEach((arg) => termVars(arg, safe));
  const headVars = new Set<string>();
  for (const term of [...rule.head.ref.slice(1), rule.head.key, rule.head.value]) {
    if (term) termVars(term, headVars);
  }
  return [...headVars]
    .filter((v) => !safe.has(v) && !v.startsWith('$'))
    .map((v) => ({ ...rule.loc, code: 'rego_unsafe_var_error', message: `var ${v} is unsafe` }));
}
