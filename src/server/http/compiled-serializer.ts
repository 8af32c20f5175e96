import { safeEncode, type core } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';

/*
 * The response serializer (docs/lists.md, "Compiled response serializer"): one function built per response
 * schema, once, that writes the JSON text of exactly the contract's keys, in the contract's order, checking
 * each value's JSON type on the way. Before, each answer went through zod's encode, whose checks and copies
 * cost more than the JSON.stringify after it; then through a compiled copy and JSON.stringify of the copy,
 * which still built every row twice. The contract still decides what leaves: a key it does not name is
 * never written. What the compiled form does not check are refinements (a string's length or format, a
 * number's bounds): the services' types give those. What it cannot write on its own (unions, transforms,
 * unknown kinds) it hands to zod for that value; any value of the wrong type sends the whole answer
 * through zod's serializer, which answers as before (a 500 naming the route).
 */

/** Writes one value's JSON text as the contract has it (only its keys, each checked), or throws MISMATCH. */
type Write = (value: unknown) => string;

/** Thrown when a value is not what the schema says: the caller falls back to zod. */
const MISMATCH = Symbol('mismatch');

function mismatch(): never {
  throw MISMATCH;
}

type Schema = core.$ZodType;

/**
 * The definition of a zod schema as zod's union of its own kinds, so that its `type` tells the rest of it
 * (every zod schema is one of them; the declared $ZodType is their common base).
 */
function defOf(schema: Schema) {
  return (schema as core.$ZodTypes)._zod.def;
}

/**
 * JSON.stringify of what zod encodes: the fallback for one value of a kind not compiled. A value that
 * encodes to nothing (undefined, which JSON.stringify would leave out) sends the answer to zod.
 */
function throughZod(schema: Schema): Write {
  return (value) => {
    const result = safeEncode(schema, value);
    const text: unknown = result.success ? JSON.stringify(result.data) : undefined;
    return typeof text === 'string' ? text : mismatch();
  };
}

/** A character JSON.stringify escapes (a quote, a backslash, a control character) or a surrogate. */
// eslint-disable-next-line no-control-regex -- the control characters are what this finds
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string's JSON text: most of the strings a list answers need no escape, and are only quoted. */
const quote = (text: string): string => (NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`);

const writeString: Write = (value) => (typeof value === 'string' ? quote(value) : mismatch());
const writeBoolean: Write = (value) => (value === true ? 'true' : value === false ? 'false' : mismatch());
const writeNull: Write = (value) => (value === null ? 'null' : mismatch());

/** Whether a number schema asks for an integer (z.int(), .int()). */
function isInteger(def: core.$ZodNumberDef): boolean {
  const formats = [def, ...(def.checks ?? []).map((check) => check._zod.def)].map((part) =>
    'format' in part ? part.format : undefined,
  );
  return formats.some((format) => typeof format === 'string' && format.endsWith('int'));
}

/** A finite number's JSON text is its string form (JSON.stringify writes numbers as String does). */
function numberWrite(def: core.$ZodNumberDef): Write {
  const fits = isInteger(def) ? Number.isSafeInteger : Number.isFinite;
  return (value) => (typeof value === 'number' && fits(value) ? String(value) : mismatch());
}

/** One of a fixed set of values (an enum, a literal), each written as its JSON text, kept once. */
function oneOfWrite(values: unknown[]): Write {
  const texts = new Map<unknown, string>();
  for (const value of values) {
    const text: unknown = typeof value === 'bigint' ? undefined : JSON.stringify(value);
    if (typeof text === 'string') texts.set(value, text);
  }
  return (value) => texts.get(value) ?? mismatch();
}

function arrayWrite(element: Write): Write {
  return (value) => {
    if (!Array.isArray(value)) return mismatch();
    if (value.length === 0) return '[]';
    let text = `[${element(value[0])}`;
    for (let i = 1; i < value.length; i++) text += `,${element(value[i])}`;
    return `${text}]`;
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Field {
  key: string;
  write: Write;
  optional: boolean;
}

/**
 * An object that strips unknown keys: the contract's keys, in its order; the rest never read. Written by
 * generated code, so each key is read and written at its own call site (every row reads the same way).
 * The source holds only the contract's keys, as JSON string literals; a missing required key reaches its
 * writer as undefined, which every writer refuses.
 */
function objectWrite(shape: Record<string, Schema>, compile: (schema: Schema) => Write): Write {
  const fields: Field[] = Object.entries(shape).map(([key, schema]) => ({
    key,
    write: compile(schema),
    optional: schema._zod.optout === 'optional',
  }));
  const read = (i: number) => `value[${JSON.stringify(fields[i]?.key)}]`;
  // The key and its colon as a JS string literal, with the comma before it when it is not the first.
  const label = (i: number, comma: string) => JSON.stringify(`${comma}${JSON.stringify(fields[i]?.key)}:`);
  const body = fields.every((field) => !field.optional)
    ? `return ${fields.length === 0 ? "'{}'" : `'{' + ${fields.map((_, i) => `${label(i, i ? ',' : '')} + w[${i}](${read(i)})`).join(' + ')} + '}'`};`
    : // With optional keys, a comma goes before every key written after the first one written.
      `let text = '{'; let item; let comma = false;\n${fields
        .map((field, i) =>
          field.optional
            ? `item = ${read(i)}; if (item !== undefined) { text += (comma ? ${label(i, ',')} : ${label(i, '')}) + w[${i}](item); comma = true; }`
            : `text += (comma ? ${label(i, ',')} : ${label(i, '')}) + w[${i}](${read(i)}); comma = true;`,
        )
        .join('\n')}\nreturn text + '}';`;
  const build = new Function(
    'w',
    'isObject',
    'mismatch',
    `return function write(value) { if (!isObject(value)) return mismatch(); ${body} };`,
  ) as (w: Write[], objectTest: typeof isObject, fail: typeof mismatch) => Write;
  return build(
    fields.map((field) => field.write),
    isObject,
    mismatch,
  );
}

/** A record with string keys: every key whose value is not undefined, each value as its schema says. */
function recordWrite(values: Write): Write {
  return (value) => {
    if (!isObject(value)) return mismatch();
    let text = '';
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item !== undefined) text += `${text ? ',' : ''}${quote(key)}:${values(item)}`;
    }
    return `{${text}}`;
  };
}

/** An optional value outside an object (an object's optional keys are left out by objectWrite). */
function optionalWrite(inner: Write): Write {
  return (value) => (value === undefined ? mismatch() : inner(value));
}

function nullableWrite(inner: Write): Write {
  return (value) => (value === null ? 'null' : inner(value));
}

/** The writer of a kind of schema, or undefined when zod encodes it (throughZod). */
function kindWrite(schema: Schema, compile: (schema: Schema) => Write): Write | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return writeString;
    case 'number':
      return numberWrite(def);
    case 'boolean':
      return writeBoolean;
    case 'null':
      return writeNull;
    case 'enum':
      return oneOfWrite(Object.values(def.entries));
    case 'literal':
      return oneOfWrite(def.values);
    case 'nullable':
      return nullableWrite(compile(def.innerType));
    case 'optional':
      return optionalWrite(compile(def.innerType));
    case 'readonly':
      return compile(def.innerType);
    case 'array':
      return arrayWrite(compile(def.element));
    case 'object':
      // A strict or loose object (a catchall) keeps zod's own handling of the other keys.
      return def.catchall ? undefined : objectWrite(def.shape, compile);
    case 'record':
      return defOf(def.keyType).type === 'string' ? recordWrite(compile(def.valueType)) : undefined;
    default:
      return undefined;
  }
}

/**
 * The compiled writer of a schema (exported for its tests). Each schema is compiled once; a schema met
 * again (shared parts) reuses its writer, and one met while being compiled (a recursive schema) is left
 * to zod.
 */
export function compileWrite(schema: Schema): Write {
  const done = new Map<Schema, Write>();
  const compiling = new Set<Schema>();
  const compile = (node: Schema): Write => {
    const known = done.get(node);
    if (known) return known;
    if (compiling.has(node)) return throughZod(node);
    compiling.add(node);
    const write = kindWrite(node, compile) ?? throughZod(node);
    compiling.delete(node);
    done.set(node, write);
    return write;
  };
  return compile(schema);
}

type ZodSerializerCompiler = typeof serializerCompiler;

/**
 * Fastify's serializer compiler: the compiled writer of the route's response schema, and zod's serializer
 * for any answer the writer finds a value of the wrong type in (so an error reads as it always did). The
 * writer is compiled on the route's first answer, not at start-up.
 */
export const compiledSerializerCompiler: ZodSerializerCompiler = (route) => {
  const zodSerializer = serializerCompiler(route);
  const maybeSchema: unknown = route.schema;
  const schema = isZodSchema(maybeSchema)
    ? maybeSchema
    : isObject(maybeSchema) && isZodSchema(maybeSchema.properties)
      ? maybeSchema.properties
      : undefined;
  if (!schema) return zodSerializer;
  let write: Write | undefined;
  return (data) => {
    write ??= compileWrite(schema);
    try {
      return write(data);
    } catch (error) {
      if (error === MISMATCH) return zodSerializer(data);
      throw error;
    }
  };
};

function isZodSchema(value: unknown): value is Schema {
  return isObject(value) && isObject(value._zod) && isObject(value._zod.def);
}
