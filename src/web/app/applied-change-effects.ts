import type { QueryKey } from '@tanstack/react-query';
import { changeKindResourceTypes } from '@contract/resource-types';
import { liveEventEffects } from '@/app/live-event-effects';
import type { AppliedChangeEffects } from '@/lib/applied-change-effects';
import { EVERYTHING } from '@/live';

/*
 * What each kind of change touches once applied, derived rather than listed: the resource type the kind
 * writes (the registry, src/contract/resource-types.ts) and what a live event of that type refreshes
 * (live-event-effects.ts). So a direct write, an approved request and a live event of the same write
 * refresh the same reads (refresh-paths.test.ts); see docs/changes-console.md.
 */

/** The root every query key starts with: "refresh everything". */
const ALL_QUERIES: QueryKey = [];

export const appliedChangeEffects: AppliedChangeEffects = (kind, tenantId) => {
  const touched = liveEventEffects[changeKindResourceTypes[kind]]({ action: kind, tenantId });
  return touched === EVERYTHING ? [ALL_QUERIES] : touched;
};
