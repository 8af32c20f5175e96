import { safeEncode, type core } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';

/*
 * The response serializer (docs/lists.md, "Compiled response serializer"): one function built per response
 * schema, once, that copies exactly the contract's keys, in the contract's order, checking each value's
 * JSON type on the way, and stringifies the copy. Before, each answer went through zod's encode, whose
 * checks and copies cost more than the JSON.stringify after it. The contract still decides what leaves: a
 * key it does not name is never copied. What the compiled form does not check are refinements (a string's
 * length or format, a number's bounds): the services' types give those. What it cannot copy on its own
 * (unions, transforms, unknown kinds) it hands to zod for that value; any value of the wrong type sends
 * the whole answer through zod's serializer, which answers as before (a 500 naming the route).
 */

/** Copies one value as the contract has it (only its keys, each checked for its JSON type), or throws MISMATCH. */
type Copy = (value: unknown) => unknown;

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

/** Zod encodes the value: the fallback for one value of a kind not compiled. */
function throughZod(schema: Schema): Copy {
  return (value) => {
    const result = safeEncode(schema, value);
    return result.success ? result.data : mismatch();
  };
}

const copyString: Copy = (value) => (typeof value === 'string' ? value : mismatch());
const copyBoolean: Copy = (value) => (typeof value === 'boolean' ? value : mismatch());
const copyNull: Copy = (value) => (value === null ? value : mismatch());

/** Whether a number schema asks for an integer (z.int(), .int()). */
function isInteger(def: core.$ZodNumberDef): boolean {
  const formats = [def, ...(def.checks ?? []).map((check) => check._zod.def)].map((part) =>
    'format' in part ? part.format : undefined,
  );
  return formats.some((format) => typeof format === 'string' && format.endsWith('int'));
}

function numberCopy(def: core.$ZodNumberDef): Copy {
  const fits = isInteger(def) ? Number.isSafeInteger : Number.isFinite;
  return (value) => (typeof value === 'number' && fits(value) ? value : mismatch());
}

/** One of a fixed set of values (an enum, a literal). */
function oneOfCopy(values: unknown[]): Copy {
  const allowed = new Set(values);
  return (value) => (allowed.has(value) ? value : mismatch());
}

function arrayCopy(element: Copy): Copy {
  return (value) => {
    if (!Array.isArray(value)) return mismatch();
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = element(value[i]);
    return out;
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Field {
  key: string;
  copy: Copy;
  optional: boolean;
}

/** An object that strips unknown keys: the contract's keys, in its order; the rest never copied. */
function objectCopy(shape: Record<string, Schema>, compile: (schema: Schema) => Copy): Copy {
  const fields: Field[] = Object.entries(shape).map(([key, schema]) => ({
    key,
    copy: compile(schema),
    optional: schema._zod.optout === 'optional',
  }));
  // A key named __proto__ would set the literal's prototype: such an object is copied key by key.
  const literal = fields.every((field) => !field.optional && field.key !== '__proto__');
  if (literal) return requiredFieldsCopy(fields);
  return (value) => {
    if (!isObject(value)) return mismatch();
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      const item = value[field.key];
      if (item === undefined) {
        if (field.optional) continue;
        return mismatch();
      }
      out[field.key] = field.copy(item);
    }
    return out;
  };
}

/**
 * An object whose keys are all required, as one object literal built by generated code: every row then
 * has the same hidden class, and each key is read and copied at its own call site, which is what makes
 * JSON.stringify of the copy and the copy itself fast. The keys are the contract's, each written as a
 * JSON string literal; a missing key reaches its copy as undefined, which every copy refuses.
 */
function requiredFieldsCopy(fields: Field[]): Copy {
  const entries = fields.map(
    ({ key }, i) => `${JSON.stringify(key)}: c[${i}](value[${JSON.stringify(key)}])`,
  );
  // The source holds only the contract's keys, as JSON string literals.
  const build = new Function(
    'c',
    'isObject',
    'mismatch',
    `return function copy(value) { if (!isObject(value)) return mismatch(); return { ${entries.join(', ')} }; };`,
  ) as (c: Copy[], objectTest: typeof isObject, fail: typeof mismatch) => Copy;
  return build(
    fields.map((field) => field.copy),
    isObject,
    mismatch,
  );
}

/** A record with string keys: every key, each value as its schema says. */
function recordCopy(values: Copy): Copy {
  return (value) => {
    if (!isObject(value)) return mismatch();
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item !== undefined) out[key] = values(item);
    }
    return out;
  };
}

/** An optional value outside an object (an object's optional keys are left out by objectCopy). */
function optionalCopy(inner: Copy): Copy {
  return (value) => (value === undefined ? mismatch() : inner(value));
}

function nullableCopy(inner: Copy): Copy {
  return (value) => (value === null ? null : inner(value));
}

/** The copy of a kind of schema, or undefined when zod copies it (throughZod). */
function kindCopy(schema: Schema, compile: (schema: Schema) => Copy): Copy | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return copyString;
    case 'number':
      return numberCopy(def);
    case 'boolean':
      return copyBoolean;
    case 'null':
      return copyNull;
    case 'enum':
      return oneOfCopy(Object.values(def.entries));
    case 'literal':
      return oneOfCopy(def.values);
    case 'nullable':
      return nullableCopy(compile(def.innerType));
    case 'optional':
      return optionalCopy(compile(def.innerType));
    case 'readonly':
      return compile(def.innerType);
    case 'array':
      return arrayCopy(compile(def.element));
    case 'object':
      // A strict or loose object (a catchall) keeps zod's own handling of the other keys.
      return def.catchall ? undefined : objectCopy(def.shape, compile);
    case 'record':
      return defOf(def.keyType).type === 'string' ? recordCopy(compile(def.valueType)) : undefined;
    default:
      return undefined;
  }
}

/**
 * The compiled copy of a schema (exported for its tests). Each schema is compiled once; a schema met
 * again (shared parts) reuses its copy, and one met while being compiled (a recursive schema) is left
 * to zod.
 */
export function compileCopy(schema: Schema): Copy {
  const done = new Map<Schema, Copy>();
  const compiling = new Set<Schema>();
  const compile = (node: Schema): Copy => {
    const known = done.get(node);
    if (known) return known;
    if (compiling.has(node)) return throughZod(node);
    compiling.add(node);
    const copy = kindCopy(node, compile) ?? throughZod(node);
    compiling.delete(node);
    done.set(node, copy);
    return copy;
  };
  return compile(schema);
}

type ZodSerializerCompiler = typeof serializerCompiler;

/**
 * Fastify's serializer compiler: the compiled copy of the route's response schema, stringified, and zod's
 * serializer for any answer the copy finds a value of the wrong type in (so an error reads as it always
 * did). The copy is compiled on the route's first answer, not at start-up.
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
  let copy: Copy | undefined;
  return (data) => {
    copy ??= compileCopy(schema);
    try {
      return JSON.stringify(copy(data));
    } catch (error) {
      if (error === MISMATCH) return zodSerializer(data);
      throw error;
    }
  };
};

function isZodSchema(value: unknown): value is Schema {
  return isObject(value) && isObject(value._zod) && isObject(value._zod.def);
}
