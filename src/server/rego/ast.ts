import type { Loc } from './lexer';

/*
 * The parsed form of a Rego v1 module, after OPA's v1/ast policy.go: terms, expressions (literals of a
 * body), rules with their heads and `else` chains, imports and the package. Infix operators become
 * calls of the built-in they stand for (`a + b` is `plus(a, b)`, `x := 1` is `assign(x, 1)`), as in OPA.
 */

export type { Loc };

export type Scalar = { type: 'string' | 'number' | 'boolean' | 'null'; value: string; loc: Loc };
export type VarTerm = { type: 'var'; name: string; loc: Loc; wildcard?: boolean };
/** `head.a[b]...`: dotted parts are strings, bracketed ones any term. */
export type RefTerm = { type: 'ref'; head: Term; path: Term[]; loc: Loc };
/** A call: `name` is the dotted operator (`io.jwt.decode`, `plus` for `+`), empty when not static. */
export type CallTerm = { type: 'call'; name: string; operator: Term; args: Term[]; loc: Loc; infix?: string };
export type ArrayTerm = { type: 'array'; items: Term[]; loc: Loc };
export type SetTerm = { type: 'set'; items: Term[]; loc: Loc };
export type ObjectTerm = { type: 'object'; entries: [Term, Term][]; loc: Loc };
export type Comprehension =
  | { type: 'arrayCompr' | 'setCompr'; term: Term; body: Body; loc: Loc }
  | { type: 'objectCompr'; key: Term; value: Term; body: Body; loc: Loc };

export type Term = Scalar | VarTerm | RefTerm | CallTerm | ArrayTerm | SetTerm | ObjectTerm | Comprehension;

export type With = { target: Term; value: Term; loc: Loc };

/** What a literal says. */
export type ExprBody =
  | { type: 'term'; term: Term }
  | { type: 'someVars'; vars: VarTerm[] }
  | { type: 'someIn'; key?: Term; value: Term; domain: Term }
  | { type: 'every'; key?: VarTerm; value: VarTerm; domain: Term; body: Body };

export interface Expr {
  loc: Loc;
  negated: boolean;
  body: ExprBody;
  with: With[];
}

export type Body = Expr[];

export interface RuleHead {
  /** The rule's reference: a var, then dotted or bracketed parts (`p`, `a.b`, `p[x]`). */
  ref: Term[];
  /** A function's parameters. */
  args?: Term[];
  /** A multi-value rule's element (`contains x`), or a partial object's key. */
  key?: Term;
  value?: Term;
  /** The value was not written (`allow if ...` means `allow := true if ...`). */
  generatedValue: boolean;
  loc: Loc;
}

export interface Rule {
  loc: Loc;
  isDefault: boolean;
  head: RuleHead;
  body: Body;
  /** No body was written (`x := 1`, `p contains "a"`). */
  generatedBody: boolean;
  hasIf: boolean;
  hasContains: boolean;
  elseRule?: Rule;
}

export interface Import {
  /** `data.a.b`, `input.x`, `future.keywords.in`, `rego.v1`. */
  path: string[];
  alias?: string;
  loc: Loc;
}

export interface Module {
  packagePath?: string[];
  packageLoc?: Loc;
  imports: Import[];
  rules: Rule[];
}

/** A problem, with OPA's error code (`rego_parse_error`, `rego_unsafe_var_error`...). */
export interface RegoError extends Loc {
  code:
    | 'rego_parse_error'
    | 'rego_compile_error'
    | 'rego_unsafe_var_error'
    | 'rego_type_error'
    | 'rego_recursion_error';
  message: string;
}

/** The rule's name: the first part of its reference. */
export const ruleName = (rule: Rule): string => {
  const first = rule.head.ref[0];
  return first?.type === 'var' ? first.name : '';
};

export type RuleKind = 'function' | 'multi' | 'single';

/** Function (has parameters), multi-value (a set element, no value) or single-value. */
export function ruleKind(rule: Rule): RuleKind {
  if (rule.head.args) return 'function';
  return rule.head.value === undefined ? 'multi' : 'single';
}

/** The name OPA gives a kind of term in messages ("var cannot be used for rule name"). */
export function valueName(term: Term): string {
  const names: Record<Term['type'], string> = {
    string: 'string',
    number: 'number',
    boolean: 'boolean',
    null: 'null',
    var: 'var',
    ref: 'ref',
    call: 'call',
    array: 'array',
    set: 'set',
    object: 'object',
    arrayCompr: 'arraycomprehension',
    setCompr: 'setcomprehension',
    objectCompr: 'objectcomprehension',
  };
  return names[term.type];
}

/** A dotted name for a static reference (`io.jwt.decode`), or undefined. */
export function staticName(term: Term): string | undefined {
  if (term.type === 'var') return term.name;
  if (term.type !== 'ref' || term.head.type !== 'var') return undefined;
  const parts = [term.head.name];
  for (const part of term.path) {
    if (part.type !== 'string') return undefined;
    parts.push(part.value);
  }
  return parts.join('.');
}
