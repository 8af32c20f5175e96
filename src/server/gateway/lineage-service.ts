import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Environment } from '../../contract/common';
import type { PageQuery, SortValue } from '../../contract/lists';
import type { Actor } from '../auth/viewer';
import type { Database, Executor } from '../db/client';
import { containsAny, orderByFor } from '../db/list';
import type { ExpectedRevision } from '../revisions';
import type { FieldsOf, LineageKind, LineageRow } from './lineage-kind';
import { promoteLineage, promotionTarget } from './lineage-promotion';
import { activeVersions, lineageVersions, listCurrent, listHistory, versionById } from './lineage-reads';
import {
  activateVersion,
  appendVersion,
  createLineage,
  deleteLineage,
  disableLineage,
} from './lineage-writes';

/** A list query of a lineage kind (the contract's, per kind): one environment, filters, sort, page. */
export interface LineageListQuery<F extends string> {
  environment: Environment;
  capabilityId?: string;
  q?: string;
  sort?: SortValue<F>;
  limit?: number;
  offset?: number;
}

/** What a kind adds to its lineage core: how its fields are checked, searched and sorted. */
export interface LineageServiceSpec<Row extends LineageRow, Fields, F extends string> {
  /** Checks the fields a client sent (a 400 naming each problem) and gives the version's fields. */
  check(fields: Fields): FieldsOf<Row>;
  /** The columns `q` searches. */
  search: PgColumn[];
  sortColumns: Record<F, PgColumn>;
  defaultSort: SortValue<NoInfer<F>>;
}

type LineageIds = { tenantId: string; lineageId: string };

/**
 * The service of one lineage kind, what its endpoints and change kinds call: the generic core
 * (lineage-reads, -writes, -promotion) bound to the kind, with the kind's checks and list columns.
 */
export function lineageService<Row extends LineageRow, Fields, F extends string>(
  kind: LineageKind<Row>,
  spec: LineageServiceSpec<Row, Fields, F>,
) {
  return {
    kind,
    list: (db: Executor, tenantId: string, query: LineageListQuery<F>) =>
      listCurrent(
        db,
        kind,
        {
          tenantId,
          environment: query.environment,
          capabilityId: query.capabilityId,
          search: containsAny(query.q, spec.search),
        },
        orderByFor(query.sort, spec.defaultSort, spec.sortColumns, kind.table.id),
        query,
      ),
    history: (db: Executor, tenantId: string, lineageId: string, query: PageQuery) =>
      listHistory(db, kind, tenantId, lineageId, query),
    versions: (db: Executor, tenantId: string, lineageId: string) =>
      lineageVersions(db, kind, tenantId, lineageId),
    version: (db: Executor, tenantId: string, versionId: string) =>
      versionById(db, kind, tenantId, versionId),
    /** The versions the gateway or policy server gets for one tenant and environment. */
    active: (db: Executor, tenantId: string, environment: Environment) =>
      activeVersions(db, kind, tenantId, environment),
    create: (
      db: Database,
      tenantId: string,
      body: Fields & { capabilityId: string; environment: Environment },
      actor: Actor,
    ) => {
      const { capabilityId, environment } = body;
      return createLineage(db, kind, tenantId, { ...spec.check(body), capabilityId, environment }, actor);
    },
    edit: (db: Database, ids: LineageIds, fields: Fields, actor: Actor, expected?: ExpectedRevision) =>
      appendVersion(db, kind, ids, spec.check(fields), actor, expected),
    activate: (
      db: Database,
      ids: { tenantId: string; versionId: string },
      actor: Actor,
      expected?: ExpectedRevision,
    ) => activateVersion(db, kind, ids, actor, expected),
    disable: (db: Database, ids: LineageIds, actor: Actor, expected?: ExpectedRevision) =>
      disableLineage(db, kind, ids, actor, expected),
    delete: (db: Database, ids: LineageIds, actor: Actor, expected?: ExpectedRevision) =>
      deleteLineage(db, kind, ids, actor, expected),
    /** Promotes the lineage's active version to the next environment (docs/promotion.md). */
    promote: (db: Database, ids: LineageIds, targetEnvironment: Environment, actor: Actor) =>
      promoteLineage(db, kind, ids, targetEnvironment, actor),
    /** Where promoting the lineage would go: the matching target lineage and its active version. */
    promotionTarget: (db: Executor, ids: LineageIds, targetEnvironment: Environment) =>
      promotionTarget(db, kind, ids, targetEnvironment),
  };
}

export type LineageService<Row extends LineageRow, Fields, F extends string> = ReturnType<
  typeof lineageService<Row, Fields, F>
>;
