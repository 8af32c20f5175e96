import type { Change, ChangeRequest } from '@contract/changes';
import type { ReleaseDraft, UpdateReleaseDraftBody } from '@contract/releases';
import type { Schedule } from '@contract/changes';
import { apiRequest, sendJson } from '@/lib/api-client';
import { RELEASE_DRAFT_PATH } from '@/releases/api/release-keys';

/** POST /api/release-draft/changes: "Add to release"; answers the draft with the change at its end. */
export function addToReleaseDraft(change: Change): Promise<ReleaseDraft> {
  return sendJson<ReleaseDraft>('POST', `${RELEASE_DRAFT_PATH}/changes`, { change });
}

/**
 * PUT /api/release-draft: its name, and the ids of the changes kept in their new order. `revision` is the
 * draft the page shows (If-Match), so an edit made meanwhile in another tab is not overwritten (412).
 */
export function updateReleaseDraft(body: UpdateReleaseDraftBody, revision: number): Promise<ReleaseDraft> {
  return sendJson<ReleaseDraft>('PUT', RELEASE_DRAFT_PATH, body, { ifMatch: revision });
}

/** DELETE /api/release-draft: 204, the draft is empty again. */
export async function discardReleaseDraft(): Promise<void> {
  await apiRequest('DELETE', RELEASE_DRAFT_PATH);
}

export type FileReleaseBody = { schedule?: Schedule; bypassReason?: string };

/** POST /api/release-draft/file: files the draft as one change request and empties it. */
export function fileReleaseDraft(body: FileReleaseBody): Promise<ChangeRequest> {
  return sendJson<ChangeRequest>('POST', `${RELEASE_DRAFT_PATH}/file`, body);
}
