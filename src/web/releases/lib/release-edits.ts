import type { ReleaseDraft, UpdateReleaseDraftBody } from '@contract/releases';
import { ApiError } from '@/lib/api-client';

/** What the release page edits before it saves: the name, the description and the changes kept, in order. */
export type ReleaseEdits = { title: string; description: string; order: string[] };

export const editsOf = (draft: ReleaseDraft): ReleaseEdits => ({
  title: draft.title,
  description: draft.description ?? '',
  order: draft.changes.map((change) => change.id),
});

export const sameEdits = (a: ReleaseEdits, b: ReleaseEdits): boolean =>
  a.title === b.title &&
  a.description === b.description &&
  a.order.length === b.order.length &&
  a.order.every((id, index) => id === b.order[index]);

/** `order` with `id` moved `by` places (-1: up), or as it was at either end. */
export function moved(order: string[], id: string, by: -1 | 1): string[] {
  const from = order.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= order.length) return order;
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** The PUT /api/release-draft body of the edits (an empty description is none). */
export function toUpdateBody(edits: ReleaseEdits): UpdateReleaseDraftBody {
  const description = edits.description.trim();
  return { title: edits.title.trim(), description: description || null, order: edits.order };
}

/**
 * A refusal of the filed set names its changes by index (`body.changes[2].body.path`): the message of
 * each, by index, so the page can show it on that change.
 */
export function refusalsByIndex(error: unknown): Map<number, string> {
  const found = new Map<number, string>();
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.issues)) return found;
  for (const { path, message } of error.body.issues) {
    const index = /^body\.changes\[(\d+)\]/.exec(path)?.[1];
    if (index !== undefined && !found.has(Number(index))) found.set(Number(index), message);
  }
  return found;
}
