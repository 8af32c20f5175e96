import { and, asc, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { OPTIONS_DEFAULT_LIMIT, type Option, type OptionsQuery } from '../../contract/lists';
import type { Executor } from './client';
import { readRows } from './compiled-select';
import { DescribedSelect, namedFrom, type SelectFrom } from './lazy-select';
import { containsAny, countOf } from './list';

/*
 * The pickers' options endpoints (docs/lists.md, "Options endpoints"): a search over a label, in label
 * order, with the rows a form already holds kept on top.
 */

/** The picker's limit: OPTIONS_DEFAULT_LIMIT unless the client asks (the contract caps it at 50). */
const optionsLimit = (limit: number | undefined): number => limit ?? OPTIONS_DEFAULT_LIMIT;

/** `id in (ids)` for the rows a picker must label whatever the search; undefined when none. */
function idsIn(id: PgColumn, ids: string[] | undefined): SQL | undefined {
  return ids && ids.length > 0 ? inArray(id, ids) : undefined;
}

/**
 * The options a picker shows: the search matches in the database's label order, preceded by the rows
 * named in `ids` that the search did not return (a picker's current values stay labelled and on top).
 */
function mergeOptions(matches: Option[], selected: Option[]): Option[] {
  if (selected.length === 0) return matches;
  const matched = new Set(matches.map((option) => option.id));
  return [...selected.filter((option) => !matched.has(option.id)), ...matches];
}

/** Where a picker's options come from. */
export interface OptionSource {
  table: PgTable;
  id: PgColumn;
  label: PgColumn;
  detail: PgColumn;
  /** The columns the search looks in (default: the label). */
  searched?: PgColumn[];
  /** The rows the viewer may pick at all (tenant scope, one parent): applies to `ids` too. */
  within?: SQL;
  /** A narrowing of the search only (a status): rows named in `ids` still show. */
  filter?: SQL;
}

/**
 * A picker's answer: the search matches in label order (then id), up to the limit, preceded by the
 * rows named in `ids` that the search left out, with the number of matches.
 */
export async function runOptions(
  db: Executor,
  source: OptionSource,
  query: OptionsQuery,
): Promise<{ items: Option[]; total: number }> {
  const { from, byLabel } = optionsFrom(source);
  const where = and(source.within, source.filter, containsAny(query.q, source.searched ?? [source.label]));
  const selectedIds = idsIn(source.id, query.ids);
  const options = (where: SQL | undefined, limit: number | undefined) =>
    new DescribedSelect(db, from, { where, orderBy: byLabel, limit, offset: 0 });
  const [matches, [total], selected] = await Promise.all([
    readRows(db, options(where, optionsLimit(query.limit))),
    readRows(db, countOf(db, source.table, where)),
    selectedIds ? readRows(db, options(and(source.within, selectedIds), undefined)) : [],
  ]);
  // The columns are text (ids, names, statuses): the rows are options.
  return { items: mergeOptions(matches as Option[], selected as Option[]), total: Number(total?.n ?? 0) };
}

/** A picker's FROM (its id, label and detail) and its ORDER BY, one per table and columns. */
interface OptionsFrom {
  from: SelectFrom<unknown>;
  byLabel: SQL[];
}

const optionsFroms = new WeakMap<PgTable, Map<string, OptionsFrom>>();

/** The picker's FROM and ORDER BY for `source`'s table and columns, built once (lazy-select.ts). */
function optionsFrom({ table, id, label, detail }: OptionSource): OptionsFrom {
  let froms = optionsFroms.get(table);
  if (!froms) optionsFroms.set(table, (froms = new Map()));
  // A table's columns are named apart: their names stand for them.
  const name = `${id.name}\u0001${label.name}\u0001${detail.name}`;
  let options = froms.get(name);
  if (!options) {
    const columns = { id, label, detail };
    const from = namedFrom<unknown>({}, (db) => db.select(columns).from(table).$dynamic());
    options = { from, byLabel: [asc(label), asc(id)] };
    froms.set(name, options);
  }
  return options;
}
