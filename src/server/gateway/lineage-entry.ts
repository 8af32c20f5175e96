import type { z } from 'zod';
import type { Environment } from '../../contract/common';
import type { PageQuery } from '../../contract/lists';
import type { Executor } from '../db/client';
import type { LineageRow } from './lineage-kind';
import type { PromotionTarget } from './lineage-promotion';
import type { LineageListQuery } from './lineage-service';
import type { LineagePrefix } from '../../contract/change-kinds';

/*
 * One lineage kind as its endpoints (lineage-routes.ts) and its change kinds
 * (changes/kinds/gateway.ts) see it: one entry per kind, next to the kind it describes.
 */

/**
 * What the endpoints and reviews read, for any kind. Method syntax: each kind's own list takes its own
 * sort fields, which the endpoint's query schema (the same kind's) has already checked.
 */
export interface LineageReads {
  list(
    db: Executor,
    tenantId: string,
    query: LineageListQuery<string>,
  ): Promise<{ items: unknown[]; total: number }>;
  history(
    db: Executor,
    tenantId: string,
    lineageId: string,
    query: PageQuery,
  ): Promise<{ items: { latestVersion: number }[]; total: number }>;
  promotionTarget(
    db: Executor,
    ids: { tenantId: string; lineageId: string },
    targetEnvironment: Environment,
  ): Promise<PromotionTarget<LineageRow>>;
  versions(db: Executor, tenantId: string, lineageId: string): Promise<LineageRow[]>;
  version(db: Executor, tenantId: string, versionId: string): Promise<LineageRow | undefined>;
}

/** What reviewers of a change see of a version (changes/kinds/gateway.ts). */
export interface LineageReview {
  label: string;
  /** The fields reviewers compare: the capability and the editable fields. */
  fields: readonly string[];
  /** A version's name in titles, from its reviewed fields: a route by methods and path, a policy by name. */
  name(view: Record<string, unknown>): string;
  /** What an edit body leaves out stores as these: a diff shows them as set, not as removed. */
  editDefaults: Record<string, unknown>;
}

export interface LineageEntry {
  prefix: LineagePrefix;
  /** The collection's path as Fastify declares it (`/api/tenants/:tenantId/gateway-routes`). */
  path: string;
  /** The OpenAPI tag. */
  tag: string;
  /** "route": summaries and change titles. */
  noun: string;
  /** What the summaries say of this kind: what `q` searches, and the notes on create, edit, disable. */
  texts: { search: string; created: string; edited: string; disabled: string };
  /** The contract's schemas of this kind. */
  schemas: {
    item: z.ZodType;
    listQuery: z.ZodType<LineageListQuery<string>>;
    createBody: z.ZodType;
    fields: z.ZodType;
    promotionTarget: z.ZodType;
  };
  service: LineageReads;
  review: LineageReview;
}
