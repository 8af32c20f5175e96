import { and, arrayContains, eq, isNull, or } from 'drizzle-orm';
import { recordAudit, type AuditRecord } from '../audit/service';
import { deleteUserSessions } from './sessions';
import type { Actor } from './viewer';
import type { Executor } from '../db/client';
import { apiTokens, gitLinks, webhookSubscriptions } from '../db/schema';
import { nextRevision } from '../revisions';

/** Why a user's credentials end: both mean someone else may have held them. */
export type CredentialsEndReason =
  'owner disabled' | 'password reset' | 'identity unlinked' | 'break-glass recovery';

/**
 * Disabling a user, another administrator resetting their password, unlinking their single sign-on
 * identity, or the break-glass recovery of the account, ends every credential they hold:
 * their sessions, and their API tokens for good (revoked, each audited), so re-enabling the account
 * revives none of them. An account is disabled because someone left or was compromised, and a reset
 * means the old password may be known to someone else, who could have minted a token with it; whoever
 * comes back signs in and makes new tokens (docs/automation.md). Their webhook, chat and audit stream
 * subscriptions are switched off (each audited) for the same reason: whoever held the password could
 * have aimed one at a receiver of their own, theirs or a colleague's they may edit (the last to set a
 * subscription's address other than its owner is recorded); the owner looks at each before switching it
 * on again. Sync mode goes off on the Git links they made or edited, for the same reason.
 */
export async function endCredentials(
  tx: Executor,
  userId: string,
  actor: Actor | null,
  reason: CredentialsEndReason,
): Promise<void> {
  await deleteUserSessions(tx, userId);
  const revoked = await tx
    .update(apiTokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id, name: apiTokens.name });
  for (const token of revoked) {
    await recordAudit(tx, actor, {
      action: 'api_token.revoke',
      resourceType: 'api_token',
      resourceId: token.id,
      changes: { name: token.name, userId, reason },
    });
  }
  const switchedOff = await tx
    .update(webhookSubscriptions)
    .set({
      enabled: false,
      revision: nextRevision(webhookSubscriptions.revision),
      updatedAt: new Date().toISOString(),
    })
    .where(
      and(
        or(eq(webhookSubscriptions.ownerId, userId), eq(webhookSubscriptions.urlSetById, userId)),
        eq(webhookSubscriptions.enabled, true),
      ),
    )
    .returning({ id: webhookSubscriptions.id, tenantId: webhookSubscriptions.tenantId });
  const ended = { actor, reason };
  await auditSwitchedOff(
    tx,
    switchedOff,
    { action: 'webhook.update', resourceType: 'webhook' },
    'enabled',
    ended,
  );
  await endSyncModeOf(tx, userId, ended);
}

interface Ended {
  actor: Actor | null;
  reason: CredentialsEndReason;
}

/** Audits each row whose `field` a credentials' end turned from true to false, with the reason. */
async function auditSwitchedOff(
  tx: Executor,
  rows: { id: string; tenantId: string | null }[],
  as: Pick<AuditRecord, 'action' | 'resourceType'>,
  field: string,
  { actor, reason }: Ended,
): Promise<void> {
  for (const row of rows) {
    await recordAudit(tx, actor, {
      ...as,
      resourceId: row.id,
      tenantId: row.tenantId,
      changes: { before: { [field]: true }, after: { [field]: false }, reason },
    });
  }
}

/**
 * Sync mode off on every Git link the user made or edited (each audited): a link they aimed at a
 * repository of their own would go on applying its commits; the tenant's managers look before switching
 * it on again (docs/config-as-code-git.md).
 */
async function endSyncModeOf(tx: Executor, userId: string, ended: Ended): Promise<void> {
  const stopped = await tx
    .update(gitLinks)
    .set({ syncMode: false, revision: nextRevision(gitLinks.revision), updatedAt: new Date().toISOString() })
    .where(and(arrayContains(gitLinks.editorIds, [userId]), eq(gitLinks.syncMode, true)))
    .returning({ id: gitLinks.id, tenantId: gitLinks.tenantId });
  await auditSwitchedOff(
    tx,
    stopped,
    { action: 'git_link.update', resourceType: 'git-link' },
    'syncMode',
    ended,
  );
}
