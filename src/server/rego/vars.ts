import type { Body, Comprehension, Expr, Term } from './ast';

/*
 * Which variables terms and expressions mention, as OPA's VarVisitor counts them for the safety
 * check: a call's operator is a name, not a variable; closures (comprehensions, `every` bodies) are
 * scopes of their own and, unless asked, not looked into.
 */

export interface VarOptions {
  /** Do not look into comprehensions or `every` bodies. */
  skipClosures?: boolean;
  /** Leave out the head of each ref (`x` in `x[i]`). */
  skipRefHead?: boolean;
}

const SAFETY: VarOptions = { skipClosures: true };

export function termVars(term: Term, out: Set<string>, options: VarOptions = SAFETY): Set<string> {
  switch (term.type) {
    case 'var':
      out.add(term.name);
      break;
    case 'ref':
      if (!options.skipRefHead || term.head.type !== 'var') termVars(term.head, out, options);
      for (const part of term.path) termVars(part, out, options);
      break;
    case 'call':
      for (const arg of term.args) termVars(arg, out, options);
      break;
    case 'array':
    case 'set':
      for (const item of term.items) termVars(item, out, options);
      break;
    case 'object':
      for (const [key, value] of term.entries) {
        termVars(key, out, options);
        termVars(value, out, options);
      }
      break;
    case 'arrayCompr':
    case 'setCompr':
    case 'objectCompr':
      if (!options.skipClosures) comprehensionVars(term, out, options);
      break;
    default:
      break;
  }
  return out;
}

function comprehensionVars(term: Comprehension, out: Set<string>, options: VarOptions): void {
  if (term.type === 'objectCompr') {
    termVars(term.key, out, options);
    termVars(term.value, out, options);
  } else termVars(term.term, out, options);
  bodyVars(term.body, out, options);
}

export function exprVars(
  expr: Expr,
  out: Set<string> = new Set(),
  options: VarOptions = SAFETY,
): Set<string> {
  const { body } = expr;
  if (body.type === 'term') termVars(body.term, out, options);
  else if (body.type === 'someIn') {
    if (body.key) termVars(body.key, out, options);
    termVars(body.value, out, options);
    termVars(body.domain, out, options);
  } else if (body.type === 'every') {
    termVars(body.domain, out, options);
    if (!options.skipClosures) {
      if (body.key) termVars(body.key, out, options);
      termVars(body.value, out, options);
      bodyVars(body.body, out, options);
    }
  }
  for (const w of expr.with) termVars(w.value, out, options);
  return out;
}

export function bodyVars(
  body: Body,
  out: Set<string> = new Set(),
  options: VarOptions = SAFETY,
): Set<string> {
  for (const expr of body) exprVars(expr, out, options);
  return out;
}

export type Closure = { type: 'comprehension'; term: Comprehension } | { type: 'every'; expr: Expr };

/** The closures directly inside a term (not those nested in another closure). */
function termClosures(term: Term, out: Closure[]): void {
  switch (term.type) {
    case 'arrayCompr':
    case 'setCompr':
    case 'objectCompr':
      out.push({ type: 'comprehension', term });
      break;
    case 'ref':
      termClosures(term.head, out);
      for (const part of term.path) termClosures(part, out);
      break;
    case 'call':
      for (const arg of term.args) termClosures(arg, out);
      break;
    case 'array':
    case 'set':
      for (const item of term.items) termClosures(item, out);
      break;
    case 'object':
      for (const [key, value] of term.entries) {
        termClosures(key, out);
        termClosures(value, out);
      }
      break;
    default:
      break;
  }
}

export function exprClosures(expr: Expr): Closure[] {
  const out: Closure[] = [];
  const { body } = expr;
  if (body.type === 'term') termClosures(body.term, out);
  else if (body.type === 'someIn') {
    for (const term of [body.key, body.value, body.domain]) if (term) termClosures(term, out);
  } else if (body.type === 'every') {
    termClosures(body.domain, out);
    out.push({ type: 'every', expr });
  }
  for (const w of expr.with) termClosures(w.value, out);
  return out;
}

/** Every variable a closure mentions, its nested closures included. */
export function closureVars(closure: Closure): Set<string> {
  const out = new Set<string>();
  if (closure.type === 'comprehension') return termVars(closure.term, out, {});
  const { body } = closure.expr;
  if (body.type === 'every') bodyVars(body.body, out, {});
  return out;
}
