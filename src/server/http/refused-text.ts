import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldIssue } from '../../contract/errors';
import { AppError } from '../errors';

/**
 * Text PostgreSQL cannot store. A text value may not hold U+0000 (the server answers 22021 and the
 * request would end as a 500), and an unpaired UTF-16 surrogate has no UTF-8 form: the drivers
 * silently turn it into U+FFFD, so what is stored would differ from what was sent. Both are refused
 * up front, for every route, whatever its schema says.
 */
const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
export const SURROGATE_MESSAGE = 'must not contain an unpaired UTF-16 surrogate';

/** Enough to name the fields; a hostile body could otherwise make the answer as large as itself. */
const MAX_ISSUES = 20;

function refusal(text: string): string | undefined {
  if (text.includes(NUL)) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return undefined;
}

/**
 * Fields the API calls "JSON text" (menuItems, blueGreenConfig, ...) are parsed by their services, and
 * a value inside may reach SQL: `"\\u0000"` in the text is a NUL once parsed. So a string that escapes
 * NUL or a surrogate and parses as JSON is judged by what it parses to.
 */
const ESCAPED_REFUSAL = /\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

function refusalInJsonText(text: string): string | undefined {
  if (!ESCAPED_REFUSAL.test(text)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const inner = findRefusedText(parsed, '')[0];
  return inner ? `JSON text ${inner.message}` : undefined;
}

/** A path segment as it can be shown: a refused key is printed escaped rather than raw. */
const printable = (key: string) => (refusal(key) ? JSON.stringify(key).slice(1, -1) : key);

/**
 * Walks a parsed value (strings, arrays, plain objects, keys included) and names every refused
 * string by its dotted path, e.g. `body.items.0.name`. Iterative: JSON nested a million levels deep
 * must not overflow the stack.
 */
export function findRefusedText(value: unknown, root: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const stack: { value: unknown; path: string; keyMessage?: string }[] = [{ value, path: root }];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const item = stack.pop();
    if (!item) break;
    if (item.keyMessage) issues.push({ path: item.path, message: `field name ${item.keyMessage}` });
    if (typeof item.value === 'string') {
      const message = refusal(item.value) ?? refusalInJsonText(item.value);
      if (message) issues.push({ path: item.path, message });
    } else if (item.value !== null && typeof item.value === 'object') {
      const entries = Array.isArray(item.value)
        ? item.value.map((v, i) => [String(i), v] as const)
        : Object.entries(item.value);
      // Reversed onto the stack so that issues come out in document order.
      for (const [key, child] of [...entries].reverse()) {
        stack.push({ value: child, path: `${item.path}.${printable(key)}`, keyMessage: refusal(key) });
      }
    }
  }
  return issues.slice(0, MAX_ISSUES);
}

/** Whether a string holds refused text, raw or escaped in JSON text (what findRefusedText reports). */
const refuses = (text: string) => refusal(text) !== undefined || ESCAPED_REFUSAL.test(text);

/**
 * Whether any string in `value`, keys included, may be refused: the check every request pays, with no
 * paths or issue objects built (findRefusedText names them only when one is found). Iterative, as that is.
 */
function mayRefuse(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (refuses(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) stack.push(child);
    } else if (item !== null && typeof item === 'object') {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        if (refuses(key)) return true;
        stack.push(Reflect.get(item, key));
      }
    }
  }
  return false;
}

/** The parts of a request a client writes and a route may hand to SQL, named as zod issues name them. */
function requestIssues(request: FastifyRequest): FieldIssue[] {
  const { params, query, body } = request;
  if (!mayRefuse(params) && !mayRefuse(query) && !mayRefuse(body)) return [];
  return [
    ...findRefusedText(params, 'params'),
    ...findRefusedText(query, 'querystring'),
    ...findRefusedText(body, 'body'),
  ];
}

/**
 * One rule for the whole API: a preValidation hook, registered before the guard's, so it runs before
 * authorization (whose tenant lookups read path parameters from the database) and before each
 * route's zod schema (which may declare a field loosely, or not at all). Anonymous requests included.
 */
export function registerRefusedTextRule(app: FastifyInstance): void {
  // A callback hook: it runs on every request and never waits (an async one costs a promise each time).
  app.addHook('preValidation', (request: FastifyRequest, _reply, next) => {
    const issues = requestIssues(request);
    const first = issues[0];
    next(first && new AppError('VALIDATION_FAILED', `Invalid ${first.path}: ${first.message}`, issues));
  });
}
