import type { AuditResourceType } from '../../contract/audit';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Environment } from '../../contract/common';
import type { Transaction } from '../db/client';
import type { LineageColumns } from '../db/schema';

/*
 * A versioned lineage (docs/decisions/006-lineages.md): numbered versions, at most one active, edited
 * by appending the next version. Gateway routes and OPA policies are the two today; each kind brings
 * its table, its names and the rule that must hold before one of its versions becomes active, and the
 * lineage-*.ts modules do the rest once for all of them.
 */

/** A versioned table: the columns db/schema/gateway.ts builds for every lineage kind. */
export type LineageTable = PgTable & LineageColumns;

/** The fields of a stored version row every kind has. */
export interface LineageRow {
  id: string;
  lineageId: string;
  tenantId: string;
  capabilityId: string;
  environment: Environment;
  version: number;
  isActive: boolean;
  createdAt: string;
  createdBy: string | null;
  /** The version this one was promoted from; answered as promotedFrom (Shaped). */
  promotedFromId: string | null;
}

/** A promoted version's source: its id, environment and number. */
export interface PromotedFrom {
  id: string;
  environment: Environment;
  version: number;
}

/** The kind's own, editable fields of a version. */
export type FieldsOf<Row> = Omit<Row, keyof LineageRow>;

/** A version in the contract's shape: the link to its source becomes the source itself. */
export type Shaped<Row> = Omit<Row, 'promotedFromId'> & { promotedFrom: PromotedFrom | null };

/** A version as writes and lists answer it, with the lineage's newest number (the next If-Match). */
export type WithLatest<Row> = Shaped<Row> & { latestVersion: number };

/** A version about to become active, as the kind's rule judges it. */
export type Candidate<Row> = FieldsOf<Row> &
  Pick<LineageRow, 'tenantId' | 'lineageId' | 'capabilityId' | 'environment' | 'version'>;

/** What a kind of versioned resource supplies. */
export interface LineageKind<Row extends LineageRow> {
  table: LineageTable;
  /** "Gateway route": messages and 404s. */
  label: string;
  /** Audit action prefix ("gateway_route") and resource type ("gateway-route"). */
  action: string;
  resourceType: AuditResourceType;
  /** The editable fields, compared for the audit trail. */
  fields: readonly (keyof FieldsOf<Row> & string)[];
  /** The tenant-wide rule a version must satisfy to become (or stay) active; throws a 409. */
  assertCanBeActive(tx: Transaction, candidate: Candidate<Row>): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Lineage ids are UUIDs: anything else names no lineage (404, not a database error). */
export const isLineageId = (value: string): boolean => UUID.test(value);

/**
 * Rows read from a kind's table. Drizzle infers row types from a concrete table only; over the
 * generic LineageTable the rows are the kind's Row, which its table was declared with. The one cast
 * of the lineage modules, kept here.
 */
export const rowsOf = <Row>(rows: unknown): Row[] => rows as Row[];

/** The lineage a version belongs to and its place in it, for every audit event. */
export const auditContext = (row: LineageRow) => ({
  lineageId: row.lineageId,
  capabilityId: row.capabilityId,
  environment: row.environment,
  version: row.version,
});

/** A version's own fields, without the lineage columns: what a promotion copies. */
export function ownFields<Row extends LineageRow>(row: Row): FieldsOf<Row> {
  const {
    id: _id,
    lineageId: _lineageId,
    tenantId: _tenantId,
    capabilityId: _capabilityId,
    environment: _environment,
    version: _version,
    isActive: _isActive,
    createdAt: _createdAt,
    createdBy: _createdBy,
    promotedFromId: _promotedFromId,
    ...fields
  } = row;
  return fields;
}

/** The kind's fields of a version, in the kind's order: what a promotion copies and create audits. */
export function fieldsOf<Row extends LineageRow>(kind: LineageKind<Row>, row: FieldsOf<Row>) {
  return Object.fromEntries(kind.fields.map((field) => [field, row[field]]));
}
