import { Column, SQL } from 'drizzle-orm';
import type { SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import { propertyOf } from '../unknown';

/*
 * Row mappers generated once per statement: drizzle maps each row field by field through a generic
 * function (path walks, entity checks); a generated function writes the same object as one literal.
 */

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

const isDecoder = (value: unknown): value is Decoder =>
  typeof propertyOf(value, 'mapFromDriverValue') === 'function';

/** Drizzle's decoder of an SQL value (not in its types: `mapWith` sets it). */
function sqlDecoder(query: SQL): Decoder | undefined {
  const decoder = propertyOf(query, 'decoder');
  return isDecoder(decoder) ? decoder : undefined;
}

/** The decoder drizzle maps a selected field's values with; undefined for a field the mappers do not know. */
export function decoderOf(field: unknown): Decoder | undefined {
  if (field instanceof Column) return field;
  if (field instanceof SQL) return sqlDecoder(field);
  if (field instanceof SQL.Aliased) return sqlDecoder(field.sql);
  return undefined;
}

/** Where each value goes: a name holds a column's index or a nested object's names. */
type Tree = Map<string, number | Tree>;

/** The fields' paths as a tree; undefined when two paths clash or a name is one a literal must not write. */
function treeOf(fields: SelectedFieldsOrdered): Tree | undefined {
  const root: Tree = new Map();
  for (const [index, { path }] of fields.entries()) {
    let node = root;
    for (const [depth, name] of path.entries()) {
      if (name === '__proto__') return undefined;
      const existing = node.get(name);
      if (depth === path.length - 1) {
        if (existing !== undefined) return undefined;
        node.set(name, index);
      } else if (existing === undefined) {
        const child: Tree = new Map();
        node.set(name, child);
        node = child;
      } else if (typeof existing === 'number') return undefined;
      else node = existing;
    }
  }
  return root;
}

/** The object literal of a tree, each value decoded unless null (as drizzle's mapper does). */
const literalOf = (tree: Tree): string =>
  `{ ${[...tree]
    .map(
      ([name, value]) =>
        `${JSON.stringify(name)}: ${
          typeof value === 'number'
            ? `r[${value}] === null ? null : d[${value}].mapFromDriverValue(r[${value}])`
            : literalOf(value)
        }`,
    )
    .join(', ')} }`;

/**
 * One function mapping a row array to the object drizzle's mapper gives for `fields` (nested paths as
 * nested objects), for statements without outer joins (drizzle nulls an outer join's missing object;
 * this does not); undefined for a field whose decoder it does not know or paths it cannot write.
 */
export function generatedRowMapper(fields: SelectedFieldsOrdered): ((row: unknown[]) => unknown) | undefined {
  const decoders: Decoder[] = [];
  for (const { field } of fields) {
    const decoder = decoderOf(field);
    if (!decoder) return undefined;
    decoders.push(decoder);
  }
  const tree = treeOf(fields);
  if (!tree) return undefined;
  // Generated from the selected names (JSON-quoted) and column indexes: one object literal per row.
  const build = new Function('d', `return (r) => (${literalOf(tree)});`) as (
    decoders: Decoder[],
  ) => (row: unknown[]) => unknown;
  return build(decoders);
}
