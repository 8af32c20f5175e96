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

/**
 * The object literal of a tree, each value decoded unless null (as drizzle's mapper does); `parsed`:
 * each value is first read from its text by its column's parser (`p`), as node-postgres would.
 */
const literalOf = (tree: Tree, parsed: boolean): string =>
  `{ ${[...tree]
    .map(([name, value]) => {
      if (typeof value !== 'number') return `${JSON.stringify(name)}: ${literalOf(value, parsed)}`;
      const read = parsed ? `p[${value}](r[${value}])` : `r[${value}]`;
      return `${JSON.stringify(name)}: r[${value}] === null ? null : d[${value}].mapFromDriverValue(${read})`;
    })
    .join(', ')} }`;

/** A column's parser of its text value (node-postgres's type parsers). */
export type TextParser = (text: string) => unknown;

/**
 * One function mapping a row array to the object drizzle's mapper gives for `fields` (nested paths as
 * nested objects), for statements without outer joins (drizzle nulls an outer join's missing object;
 * this does not); undefined for a field whose decoder it does not know or paths it cannot write.
 */
export function generatedRowMapper(fields: SelectedFieldsOrdered): ((row: unknown[]) => unknown) | undefined {
  return generated(fields, undefined);
}

/**
 * A generated row mapper of a row as the server sends it, each value's text (or null): each is read by
 * its column's parser, then decoded and placed as generatedRowMapper does (db/wire-read.ts).
 */
export function generatedTextRowMapper(
  fields: SelectedFieldsOrdered,
  parsers: TextParser[],
): ((row: (string | null)[]) => unknown) | undefined {
  return parsers.length === fields.length ? generated(fields, parsers) : undefined;
}

function generated(fields: SelectedFieldsOrdered, parsers: TextParser[] | undefined) {
  const decoders: Decoder[] = [];
  for (const { field } of fields) {
    const decoder = decoderOf(field);
    if (!decoder) return undefined;
    decoders.push(decoder);
  }
  const tree = treeOf(fields);
  if (!tree) return undefined;
  // Generated from the selected names (JSON-quoted) and column indexes: one object literal per row.
  const build = new Function('d', 'p', `return (r) => (${literalOf(tree, parsers !== undefined)});`) as (
    decoders: Decoder[],
    parsers: TextParser[] | undefined,
  ) => (row: unknown[]) => unknown;
  return build(decoders, parsers);
}
