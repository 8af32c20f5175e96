import {
  ruleKind,
  staticName,
  valueName,
  type Body,
  type Import,
  type Loc,
  type Module,
  type RegoError,
  type Rule,
  type Term,
} from './ast';
import { BUILTINS } from './builtins';
import { KEYWORDS } from './lexer';
import { installBodyParser, parseQuery } from './literals';
import { parseRules } from './rules';
import { ParserState } from './state';
import { parseTerm } from './terms';

/*
 * A Rego v1 module, as OPA's ParseModule reads one (v1/ast/parser.go, parser_ext.go): statements are
 * packages, imports, rules, or bare queries, which must then read as rules (`x := 1`, `p.q.r`); the
 * first statement is the package and there is no other. Then the v1 checks of each rule (CheckRegoV1):
 * `if` before a body, `contains` for a multi-value rule, a value or a body, no keyword as a name.
 */

type Statement =
  | { type: 'package'; path: string[]; loc: Loc }
  | { type: 'import'; imp: Import }
  | { type: 'rules'; rules: Rule[] }
  | { type: 'body'; body: Body };

export interface ParseResult {
  module: Module;
  errors: RegoError[];
}

/** A keyword right before `.` or `[` starts a ref (`import.x`), not a statement. */
function keywordStartsRef(p: ParserState): boolean {
  const next = p.peek();
  return !next.wsBefore && (next.text === '.' || next.text === '[');
}

function termPath(p: ParserState, term: Term): string[] | null {
  if (term.type === 'var') return [term.name];
  if (term.type !== 'ref' || term.head.type !== 'var') {
    p.illegal();
    return null;
  }
  const path = [term.head.name];
  for (const part of term.path) {
    if (part.type !== 'string') {
      p.error(part.loc, `unexpected ${valueName(part)} token: expecting string`);
      return null;
    }
    path.push(part.value);
  }
  return path;
}

function parsePackage(p: ParserState): Statement | null {
  const loc = p.loc;
  p.next();
  if (p.tok.kind !== 'ident') return (p.illegal(), null);
  const term = parseTerm(p);
  const path = term && termPath(p, term);
  if (!path) {
    if (!p.failed) p.error(p.loc, 'expected path');
    return null;
  }
  return { type: 'package', path, loc };
}

const IMPORT_ROOTS = new Set(['data', 'input', 'future', 'rego']);
const FUTURE_KEYWORDS = ['contains', 'every', 'if', 'in'];

function parseImport(p: ParserState): Statement | null {
  const loc = p.loc;
  p.next();
  if (p.tok.kind !== 'ident') return (p.illegal(), null);
  const pathLoc = p.loc;
  const term = parseTerm(p);
  const path = term && termPath(p, term);
  if (!path) {
    if (!p.failed) p.error(p.loc, 'expected path');
    return null;
  }
  const imp: Import = { path, loc };
  if (!IMPORT_ROOTS.has(path[0] ?? '')) {
    p.error(
      pathLoc,
      `unexpected import path, must begin with one of: {data, future, input, rego}, got: ${path[0]}`,
    );
    return null;
  }
  if (p.accept('as')) {
    if (!p.isIdent()) return (p.illegal('expected var'), null);
    imp.alias = p.tok.text;
    p.next();
  }
  checkImportPath(p, imp, pathLoc);
  return { type: 'import', imp };
}

/** OPA's import rules: `future.keywords[.kw]`, `rego.v1`, no keyword as the name it binds. */
function checkImportPath(p: ParserState, imp: Import, loc: Loc): void {
  const [root, second, third] = imp.path;
  if (root === 'future') {
    if (second !== 'keywords') p.error(loc, 'invalid import, must be `future.keywords`');
    else if (imp.alias) p.error(loc, '`future` imports cannot be aliased');
    else if (third !== undefined && !FUTURE_KEYWORDS.includes(third)) {
      p.error(loc, `unexpected keyword, must be one of [${FUTURE_KEYWORDS.join(' ')}]`);
    }
  } else if (root === 'rego') {
    if (second !== 'v1' || imp.path.length > 2) {
      p.error(loc, `invalid import \`${imp.path.join('.')}\`, must be \`rego.v1\``);
    }
  } else if (!imp.alias && KEYWORDS.has(imp.path[imp.path.length - 1] ?? '')) {
    p.error(
      loc,
      `unexpected import path, must not end with a keyword, got: ${imp.path[imp.path.length - 1]}`,
    );
  }
}

/** The next statement; null at a parse error. */
function parseStatement(p: ParserState): Statement | null {
  if (p.is('package') && !keywordStartsRef(p)) return parsePackage(p);
  if (p.is('import') && !keywordStartsRef(p)) return parseImport(p);
  const saved = p.save();
  const rules = parseRules(p);
  if (rules) return { type: 'rules', rules };
  if (p.failed) return null;
  p.restore(saved);
  const body = parseQuery(p, true, 'eof');
  return body && { type: 'body', body };
}

function parseStatements(p: ParserState): Statement[] {
  const statements: Statement[] = [];
  while (p.tok.kind !== 'eof') {
    const errorsBefore = p.errors.length;
    const statement = parseStatement(p);
    if (statement) statements.push(statement);
    // Import path problems are reported and parsing goes on; a syntax error ends it, as in OPA.
    if (!statement || (p.errors.length > errorsBefore && statement.type !== 'import')) break;
  }
  return statements;
}

const ruleOf = (loc: Loc, head: Rule['head'], extra: Partial<Rule> = {}): Rule => ({
  loc,
  isDefault: false,
  head,
  body: [
    { loc, negated: false, body: { type: 'term', term: { type: 'boolean', value: 'true', loc } }, with: [] },
  ],
  generatedBody: true,
  hasIf: false,
  hasContains: false,
  ...extra,
});

/** A bare statement read as a rule (OPA's ParseRuleFromBody), or the reason it cannot be one. */
function ruleFromBody(body: Body): Rule | string {
  const [expr] = body;
  if (!expr || body.length !== 1) return 'multiple expressions cannot be used for rule head';
  if (expr.with.length > 0) return 'expressions using with keyword cannot be used for rule head';
  if (expr.negated) return 'negated expressions cannot be used for rule head';
  if (expr.body.type !== 'term') return "'some' declarations cannot be used for rule head";
  const { term } = expr.body;
  if (term.type === 'ref') return ruleFromRef(term, expr.loc);
  if (term.type !== 'call') return `${valueName(term)} cannot be used for rule name`;
  if (term.name === 'eq' || term.name === 'assign') return ruleFromEquality(term.args, expr.loc);
  if (BUILTINS.has(term.name)) return 'rule name conflicts with built-in function';
  if (term.args.length === 0) return 'rule argument list must take at least one argument';
  const ref = term.operator.type === 'ref' ? [term.operator.head, ...term.operator.path] : [term.operator];
  return ruleOf(expr.loc, {
    ref,
    args: term.args,
    value: { type: 'boolean', value: 'true', loc: expr.loc },
    generatedValue: false,
    loc: expr.loc,
  });
}

/** `p.q.r` (a rule with neither value nor body: refused by the v1 check) or `p[x]` (a v0 set rule). */
function ruleFromRef(term: Extract<Term, { type: 'ref' }>, loc: Loc): Rule | string {
  if (term.head.type !== 'var') return `invalid rule head: ${staticName(term) ?? valueName(term.head)}`;
  if (term.path.length >= 2) {
    return ruleOf(loc, {
      ref: [term.head, ...term.path],
      value: { type: 'boolean', value: 'true', loc },
      generatedValue: true,
      loc,
    });
  }
  const [key] = term.path;
  if (!key) return 'refs cannot be used for rule head';
  return ruleOf(loc, { ref: [term.head], key, generatedValue: false, loc });
}

/** `x := 1`, `p[k] = v`, `f(x) = y` as rules with no body. */
function ruleFromEquality(args: Term[], loc: Loc): Rule | string {
  const [lhs, rhs] = args;
  if (!lhs || !rhs) return 'assignment requires two operands';
  const head = { value: rhs, generatedValue: false, loc };
  if (lhs.type === 'call') {
    const op = lhs.operator;
    if (op.type === 'ref' && op.head.type === 'var')
      return ruleOf(loc, { ...head, ref: [op.head, ...op.path], args: lhs.args });
    if (op.type === 'var') return ruleOf(loc, { ...head, ref: [op], args: lhs.args });
    return `${valueName(op)}s cannot be used in function signature`;
  }
  if (lhs.type === 'var') return ruleOf(loc, { ...head, ref: [lhs] });
  if (lhs.type !== 'ref') return `${valueName(lhs)} cannot be used for rule name`;
  if (lhs.head.type !== 'var') return `invalid rule head: ${valueName(lhs.head)}`;
  const ref = [lhs.head, ...lhs.path];
  if (ref.length === 2 && ref[1]) return ruleOf(loc, { ...head, ref: [lhs.head], key: ref[1] });
  return ruleOf(loc, { ...head, ref });
}

/** OPA's CheckRegoV1 for one rule (and, by the caller, each rule of its else chain). */
function checkRegoV1Rule(rule: Rule, errors: RegoError[]): void {
  const what = ruleKind(rule) === 'function' ? 'function' : 'rule';
  const push = (message: string) => errors.push({ ...rule.loc, code: 'rego_parse_error', message });
  const name = rule.head.ref[0];
  if (name?.type === 'var' && KEYWORDS.has(name.name))
    push(`${name.name} keyword cannot be used for rule name`);
  if (rule.generatedBody && rule.head.generatedValue)
    push(`${what} must have value assignment and/or body declaration`);
  if (!rule.generatedBody && !rule.hasIf && !rule.isDefault)
    push(`\`if\` keyword is required before ${what} body`);
  if (ruleKind(rule) === 'multi' && !rule.hasContains)
    push('`contains` keyword is required for partial set rules');
}

/** Assembles the module from its statements, with OPA's module-level parse errors. */
function assemble(statements: Statement[], errors: RegoError[]): Module {
  const module: Module = { imports: [], rules: [] };
  const [first, ...rest] = statements;
  if (first?.type === 'package') {
    module.packagePath = first.path;
    module.packageLoc = first.loc;
  } else if (first) {
    errors.push({ ...statementLoc(first), code: 'rego_parse_error', message: 'package expected' });
  }
  for (const statement of rest) {
    if (statement.type === 'import') module.imports.push(statement.imp);
    else if (statement.type === 'rules') module.rules.push(...statement.rules);
    else if (statement.type === 'package') {
      errors.push({ ...statement.loc, code: 'rego_parse_error', message: 'unexpected package' });
    } else {
      const rule = ruleFromBody(statement.body);
      if (typeof rule === 'string')
        errors.push({ ...statementLoc(statement), code: 'rego_parse_error', message: rule });
      else module.rules.push(rule);
    }
  }
  return module;
}

function statementLoc(statement: Statement): Loc {
  if (statement.type === 'package') return statement.loc;
  if (statement.type === 'import') return statement.imp.loc;
  if (statement.type === 'rules') return statement.rules[0]?.loc ?? { line: 1, column: 1 };
  return statement.body[0]?.loc ?? { line: 1, column: 1 };
}

/** Parses a module: syntax errors stop at the first one; module-level errors are all reported. */
export function parseModule(source: string): ParseResult {
  const p = new ParserState(source);
  installBodyParser(p);
  const statements = parseStatements(p);
  if (p.errors.length > 0) return { module: { imports: [], rules: [] }, errors: p.errors.slice(0, 1) };
  if (statements.length === 0) {
    const message = 'empty module: a policy starts with its package declaration';
    return {
      module: { imports: [], rules: [] },
      errors: [{ line: 1, column: 1, code: 'rego_parse_error', message }],
    };
  }
  const errors: RegoError[] = [];
  const module = assemble(statements, errors);
  for (const rule of module.rules) {
    for (let r: Rule | undefined = rule; r; r = r.elseRule) checkRegoV1Rule(r, errors);
  }
  return { module, errors };
}
