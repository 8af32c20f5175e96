import { and, eq, exists, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { User } from '../../contract/users';
import { publicUserColumns } from '../auth/user-columns';
import { loadViewer } from '../auth/viewer';
import { whyNotSecondPerson } from '../changes/four-eyes';
import { mayRead } from '../changes/request-rows';
import { mayReview, roundApprovers } from '../changes/reviewers';
import type { Executor } from '../db/client';
import { capabilitySubscriptions, changeRequests, userProfiles, users } from '../db/schema';

/** Someone an e-mail goes to. */
export interface Recipient {
  id: string;
  email: string;
}

type RequestRow = typeof changeRequests.$inferSelect;

/** People who can be mailed: active, a person (not a service account), with an address. */
async function mailable(db: Executor, where: SQL | undefined): Promise<User[]> {
  return db
    .select(publicUserColumns)
    .from(users)
    .where(and(eq(users.status, 'active'), eq(users.kind, 'person'), like(users.email, '%_@_%'), where));
}

const recipientOf = (user: User): Recipient => ({ id: user.id, email: user.email });

/** The user (of the outer query) has an active profile matching `where`: a tenant, a role. */
const hasActiveProfile = (db: Executor, where: SQL | undefined): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(userProfiles)
      .where(and(eq(userProfiles.userId, users.id), eq(userProfiles.status, 'active'), where)),
  );

/**
 * Who may approve the request now (docs/changes.md): the reviewers of its scope by the rule the approve
 * button applies (reviewers.ts), less whoever four eyes refuse (the requester and the accounts behind
 * them, four-eyes.ts) and whoever already approved in this round.
 */
export async function reviewersOf(db: Executor, request: RequestRow): Promise<Recipient[]> {
  const candidates = await mailable(
    db,
    request.tenantId === null
      ? eq(users.globalRole, 'admin')
      : or(eq(users.globalRole, 'admin'), hasActiveProfile(db, eq(userProfiles.tenantId, request.tenantId))),
  );
  const approved = new Set(await roundApprovers(db, request));
  const reviewers: Recipient[] = [];
  for (const user of candidates) {
    if (approved.has(user.id)) continue;
    const viewer = await loadViewer(db, user, 'email');
    if (!mayReview(viewer, request)) continue;
    if ((await whyNotSecondPerson(db, viewer, request)) !== null) continue;
    reviewers.push(recipientOf(user));
  }
  return reviewers;
}

/**
 * The person who filed the request (a service account's requests have no one to mail), while they may
 * still read it: someone whose access to its tenant ended hears nothing more of it.
 */
export async function requesterOf(db: Executor, request: RequestRow): Promise<Recipient[]> {
  if (request.requestedById === null) return [];
  const [user] = await mailable(db, eq(users.id, request.requestedById));
  if (!user || !mayRead(await loadViewer(db, user, 'email'), request)) return [];
  return [recipientOf(user)];
}

/** The people who started a rollout or filed the request that did: their addresses, lower-cased. */
async function byEmails(db: Executor, emails: string[]): Promise<Recipient[]> {
  if (emails.length === 0) return [];
  const wanted = emails.map((email) => email.toLowerCase());
  return (await mailable(db, inArray(sql`lower(${users.email})`, wanted))).map(recipientOf);
}

/** Owners of these tenants. */
async function ownersOf(db: Executor, tenantIds: string[]): Promise<Recipient[]> {
  if (tenantIds.length === 0) return [];
  const owner = hasActiveProfile(
    db,
    and(inArray(userProfiles.tenantId, tenantIds), eq(userProfiles.role, 'owner')),
  );
  return (await mailable(db, owner)).map(recipientOf);
}

/**
 * A rolled-back rollout's people: who started it, the requester of the change request that started it,
 * and the owners of the tenants it concerns (a capability's subscribers; a shared microfrontend has no
 * tenant of its own).
 */
export async function rolloutRecipients(
  db: Executor,
  rollout: { id: string; resourceKind: string; resourceId: string; startedBy: string | null },
): Promise<Recipient[]> {
  const requests = await db
    .select({ requestedBy: changeRequests.requestedBy })
    .from(changeRequests)
    .where(eq(changeRequests.rolloutId, rollout.id));
  const tenantIds =
    rollout.resourceKind === 'capability'
      ? (
          await db
            .selectDistinct({ tenantId: capabilitySubscriptions.tenantId })
            .from(capabilitySubscriptions)
            .where(eq(capabilitySubscriptions.capabilityId, rollout.resourceId))
        ).map((row) => row.tenantId)
      : [];
  const all = [
    ...(await byEmails(db, [
      ...(rollout.startedBy ? [rollout.startedBy] : []),
      ...requests.map((r) => r.requestedBy),
    ])),
    ...(await ownersOf(db, tenantIds)),
  ];
  return [...new Map(all.map((r) => [r.id, r])).values()];
}
