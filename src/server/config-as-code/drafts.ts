import type { Change } from '../../contract/changes';
import type { PlannedResource } from '../../contract/config-doc';
import type { FieldIssue } from '../../contract/errors';
import { badRequest } from '../errors';

/*
 * What a plan is made of before the release dry run (plan.ts) gives each change its title, diff and
 * fingerprint: the changes, in the order they can apply, each with the resource it concerns.
 */

export interface Draft {
  change: Change;
  resource: PlannedResource;
  /** The server's id of the resource when it exists (the audit trail names who moved it by this). */
  liveId: string | null;
  /** A deletion of what the document omits: only applied with prune. */
  prune: boolean;
}

/** The changes a document asks for, and what it asks that no change kind can do (a 400 naming it). */
export class Drafts {
  readonly items: Draft[] = [];
  readonly issues: FieldIssue[] = [];

  add(change: Change, type: string, key: string, liveId: string | null = null): void {
    this.items.push({ change, resource: { type, key }, liveId, prune: false });
  }

  prune(change: Change, type: string, key: string, liveId: string): void {
    this.items.push({ change, resource: { type, key }, liveId, prune: true });
  }

  /** A difference no change kind can make: the plan refuses the document, naming the field. */
  cannot(path: string, message: string): void {
    this.issues.push({ path, message });
  }

  /** Refuses the document when something in it cannot be planned. */
  assertPlannable(): void {
    const [first] = this.issues;
    if (!first) return;
    throw badRequest(
      `The document asks for what no change can do: ${first.path}: ${first.message}`,
      this.issues,
    );
  }
}

/** Text as the server stores it: trimmed, and empty is none. */
export const storedText = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The document's entries by key, and the live rows by key: the three sets a plan walks. */
export function matched<D, L>(
  wanted: D[],
  live: L[],
  keyOfWanted: (item: D) => string,
  keyOfLive: (row: L) => string,
): { pairs: { wanted: D; index: number; live: L | undefined }[]; omitted: L[] } {
  const byKey = new Map(live.map((row) => [keyOfLive(row), row]));
  const pairs = wanted.map((item, index) => {
    const key = keyOfWanted(item);
    const row = byKey.get(key);
    byKey.delete(key);
    return { wanted: item, index, live: row };
  });
  return { pairs, omitted: [...byKey.values()] };
}
