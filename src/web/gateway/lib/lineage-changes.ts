import type { Change } from '@contract/changes';
import type { Environment } from '@contract/common';
import { lineageKinds, type LineageKind } from '@/gateway/api/gateway-keys';

/** A lineage kind's prefix among the change kinds (src/contract/change-kinds.ts). */
const prefixOf = (kind: LineageKind) => lineageKinds[kind].changePrefix;

/**
 * The changes of the row and history actions, as POST /api/change-requests takes them: what each
 * direct endpoint would take, with the tenant, lineage or version from its path.
 */
export const lineageChanges = {
  activate: (kind: LineageKind, tenantId: string, versionId: string): Change => ({
    kind: `${prefixOf(kind)}.activate`,
    tenantId,
    versionId,
  }),
  disable: (kind: LineageKind, tenantId: string, lineageId: string): Change => ({
    kind: `${prefixOf(kind)}.disable`,
    tenantId,
    lineageId,
  }),
  delete: (kind: LineageKind, tenantId: string, lineageId: string): Change => ({
    kind: `${prefixOf(kind)}.delete`,
    tenantId,
    lineageId,
  }),
  promote: (
    kind: LineageKind,
    tenantId: string,
    lineageId: string,
    targetEnvironment: Environment,
  ): Change => ({
    kind: `${prefixOf(kind)}.promote`,
    tenantId,
    lineageId,
    targetEnvironment,
  }),
};
