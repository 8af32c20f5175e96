import type { JsonPath } from '@/components/code-editor/json-document';

/** A property a JSON Schema describes at some place: what completion offers. */
export type SchemaProperty = { name: string; type?: string; description?: string; required: boolean };

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows a local "$ref" ("#/definitions/x", "#/$defs/x"); other references are not followed. */
function resolve(root: Schema, schema: Schema, depth = 0): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#') || depth > 20) return schema;
  let target: unknown = root;
  for (const segment of ref.slice(2).split('/').filter(Boolean)) {
    if (!isSchema(target)) return schema;
    target = target[decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return isSchema(target) ? resolve(root, target, depth + 1) : schema;
}

/** The schema and the alternatives it combines (allOf, anyOf, oneOf), each resolved. */
function branches(root: Schema, schema: Schema): Schema[] {
  const resolved = resolve(root, schema);
  const combined = ['allOf', 'anyOf', 'oneOf'].flatMap((key) => {
    const list = resolved[key];
    return Array.isArray(list) ? list.filter(isSchema).flatMap((s) => branches(root, s)) : [];
  });
  return [resolved, ...combined];
}

/** The schemas that describe the value at `path`. */
function schemasAt(root: Schema, path: JsonPath): Schema[] {
  let current = branches(root, root);
  for (const step of path) {
    current = current.flatMap((schema) => {
      const next: unknown[] = [];
      if (typeof step === 'string') {
        const properties = schema.properties;
        if (isSchema(properties) && step in properties) next.push(properties[step]);
        else if (isSchema(schema.additionalProperties)) next.push(schema.additionalProperties);
      } else {
        const prefix = schema.prefixItems;
        if (Array.isArray(prefix) && step < prefix.length) next.push(prefix[step]);
        else if (Array.isArray(schema.items)) next.push(schema.items[step] ?? schema.additionalItems);
        else next.push(schema.items);
      }
      return next.filter(isSchema).flatMap((s) => branches(root, s));
    });
  }
  return current;
}

const typeOf = (schema: Schema): string | undefined => {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return undefined;
};

/** The properties the schema describes for the object at `path`, in schema order, each once. */
export function schemaPropertiesAt(schema: unknown, path: JsonPath): SchemaProperty[] {
  if (!isSchema(schema)) return [];
  const found = new Map<string, SchemaProperty>();
  for (const object of schemasAt(schema, path)) {
    const required = Array.isArray(object.required)
      ? object.required.filter((r) => typeof r === 'string')
      : [];
    const properties = isSchema(object.properties) ? object.properties : {};
    for (const [name, raw] of Object.entries(properties)) {
      const property = isSchema(raw) ? resolve(schema, raw) : {};
      const previous = found.get(name);
      found.set(name, {
        name,
        type: previous?.type ?? typeOf(property),
        description:
          previous?.description ??
          (typeof property.description === 'string' ? property.description : undefined),
        required: (previous?.required ?? false) || required.includes(name),
      });
    }
  }
  return [...found.values()];
}

/** Parses schema text; null when absent or not a JSON object (then there is nothing to complete). */
export function parseSchema(text: string | null | undefined): Schema | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isSchema(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
