import type { Change } from '@contract/changes';
import type { Environment } from '@contract/common';
import type { SortValue } from '@contract/lists';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { CreateBodyOf, FieldsOf, LineageKind, LineageOf, SortFieldOf } from '@/gateway/api/gateway-keys';
import type { CapabilityScope } from '@/gateway/components/capability-select';

/**
 * One kind of versioned lineage of the Gateway & Policies tab, as every layer of its UI needs it: the
 * list, the table, the form, the history, the promotion and the row actions all read it, so a new
 * lineage is one entry (routes: route-lineage.tsx, policies: policy-lineage.tsx).
 */
export type LineageEntry<K extends LineageKind, V extends FieldValues> = LineageBasics<K> & {
  list: LineageListEntry<K>;
  form: LineageFormEntry<K, V>;
};

/** What the history, the promotion and the row actions need of a kind. */
export type LineageBasics<K extends LineageKind> = {
  kind: K;
  /** "route", and "Route" in titles and toasts. */
  noun: string;
  Noun: string;
  /** A version as text, one field a line: shown in its history, diffed on promotion. */
  describe: (version: LineageOf<K>) => string;
};

export type LineageListEntry<K extends LineageKind> = {
  /** "gateway-routes": the section's heading id. */
  id: string;
  /** "Routes", "Gateway routes" (the table's name). */
  title: string;
  tableLabel: string;
  icon: LucideIcon;
  description: (where: string) => string;
  searchLabel: string;
  emptyTitle: (where: string) => string;
  errorTitle: string;
  /** The list's state in the address: its sort fields, default sort and key prefix. */
  sortFields: readonly SortFieldOf<K>[];
  defaultSort: SortValue<SortFieldOf<K>>;
  prefix: string;
  /** "route /orders": unique among the rows of the page. */
  nameOf: (row: LineageOf<K>, page: readonly LineageOf<K>[]) => string;
  /** The columns before Version and the actions. */
  columns: readonly LineageColumn<LineageOf<K>, SortFieldOf<K>>[];
};

export type LineageColumn<T, S extends string> = {
  header: string;
  /** The header sorts the list by this field. */
  sort?: S;
  className?: string;
  /** The cell's tooltip: the whole text of a cell that truncates. */
  title?: (row: T) => string;
  /** The cell's content; capabilityName names a capability id (the id until the names load). */
  cell: (row: T, capabilityName: (id: string) => string) => ReactNode;
};

export type LineageFieldsProps<V extends FieldValues> = {
  form: UseFormReturn<V>;
  capability: CapabilityScope;
  /** The last refusal of a save, for fields that list its problems themselves (the Rego source). */
  serverError: unknown;
};

export type LineageFormEntry<K extends LineageKind, V extends FieldValues> = {
  /** The dialog's width class. */
  width: string;
  /** "A gateway route": how the create dialog's description names a new one. */
  aNew: string;
  /** How texts name a version: its path, its name. */
  label: (version: LineageOf<K>) => string;
  /** The form on a version's values, or a new one's defaults. */
  useForm: (version: LineageOf<K> | undefined, tenantId: string) => UseFormReturn<V>;
  /** The form's values of a version (a new one's without): its defaults, and the conflict alert's rebase. */
  values: (version: LineageOf<K> | undefined, tenantId: string) => V;
  labels: Partial<Record<keyof V & string, string>>;
  toFields: (values: V) => FieldsOf<K>;
  toCreate: (values: V, environment: Environment) => CreateBodyOf<K>;
  /** The same writes as change requests. */
  createChange: (tenantId: string, body: CreateBodyOf<K>) => Change;
  editChange: (tenantId: string, lineageId: string, fields: FieldsOf<K>) => Change;
  /** The form field a 400's body field is shown on (undefined: shown elsewhere, or in the toast only). */
  issueField: (bodyField: string) => Path<V> | undefined;
  /** Where a 409 lands: the capability (not subscribed) or the field another active version holds. */
  conflictFields: { capability: Path<V>; other: Path<V> };
  /** A field that lists a refusal's problems beside it, focused when there are any. */
  listedProblems?: { field: Path<V>; found: (error: unknown) => boolean };
  Fields: ComponentType<LineageFieldsProps<V>>;
};
