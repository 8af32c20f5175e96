import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../auth/viewer';
import type { Executor } from '../db/client';
import { apiTokens, changeRequestPeople, changeRequests, userIdentities, users } from '../db/schema';
import type { ChangeRequestRow } from './apply';
import { isAuthor } from './request-rows';
import { roundApprovals } from './reviewers';

/*
 * Four eyes are two people (docs/changes.md). Comparing user ids is not enough: one person can file a
 * request through a service account's token and approve it as themselves, or approve their own request
 * from a second account they made or hold the password of. So an approval counts only from someone who
 * is none of the people behind the request, and whose account none of them made or set the password or
 * e-mail of.
 */

type Request = Pick<
  ChangeRequestRow,
  'id' | 'round' | 'requestedById' | 'requestedBy' | 'requestedTokenId' | 'createdAt'
>;

const ANOTHER = 'another person must approve it';

/** Someone behind a request beyond its requester and token, and why, in their words. */
export type PersonBehind = { userId: string; reason: string };

/**
 * The console users whose e-mail is one of these (in any case), each with the reason given. An address
 * that is nobody's names no one: Git authors and a pipeline's names need not be console users.
 */
export async function peopleByEmail(
  db: Executor,
  emails: readonly string[],
  reason: string,
): Promise<PersonBehind[]> {
  if (emails.length === 0) return [];
  const lower = [...new Set(emails.map((email) => email.toLowerCase()))];
  const rows = await db
    .select({ userId: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lower));
  return rows.map(({ userId }) => ({ userId, reason }));
}

/** Records people behind a filed request, who then may not approve it (a person already there keeps their reason). */
export async function recordPeopleBehind(
  db: Executor,
  requestId: string,
  people: PersonBehind[],
): Promise<void> {
  if (people.length === 0) return;
  await db
    .insert(changeRequestPeople)
    .values(people.map((person) => ({ changeRequestId: requestId, ...person })))
    .onConflictDoNothing();
}

/**
 * The people behind a request, each with why, in the viewer's words; or why they cannot be known. Beyond
 * the requester and the token, those recorded when it was filed (Git sync: the link's editors and the
 * commits' authors).
 */
async function peopleBehind(db: Executor, request: Request): Promise<Map<string, string> | string> {
  const people = new Map<string, string>();
  if (request.requestedById !== null) people.set(request.requestedById, 'You requested this change');
  const recorded = await db
    .select({ userId: changeRequestPeople.userId, reason: changeRequestPeople.reason })
    .from(changeRequestPeople)
    .where(eq(changeRequestPeople.changeRequestId, request.id));
  for (const person of recorded) if (!people.has(person.userId)) people.set(person.userId, person.reason);
  if (request.requestedTokenId === null) return people;
  const [token] = await db
    .select({
      createdById: apiTokens.createdById,
      ownerId: apiTokens.userId,
      kind: users.kind,
      name: users.name,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, request.requestedTokenId));
  // Its service account deleted with its tokens: nobody can say who filed it, so nobody approves it.
  if (!token) return 'The API token that filed this request no longer exists: file the change again';
  if (token.kind === 'service') {
    const account = `the service account ${token.name}`;
    const others = await db
      .select({ createdById: apiTokens.createdById })
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.userId, token.ownerId),
          // Held when the request was filed, or since: a token revoked before it filed nothing.
          or(isNull(apiTokens.revokedAt), gt(apiTokens.revokedAt, request.createdAt)),
        ),
      );
    for (const other of others) {
      if (other.createdById) people.set(other.createdById, `You made another API token of ${account}`);
    }
    const [maker] = await db
      .select({ createdById: users.createdById })
      .from(users)
      .where(eq(users.id, token.ownerId));
    if (maker?.createdById) people.set(maker.createdById, `You made ${account} that filed this request`);
  }
  if (token.createdById) people.set(token.createdById, 'You made the API token that filed this request');
  return people;
}

/**
 * Who made the user's account or set its password or e-mail, and who made or set theirs, up the chain:
 * each with the first link from the user ('created': their account; 'password': their password;
 * 'email': their address, which single sign-on links to whoever holds it at the provider, now or when
 * a standing link was made by it). The one definition of the chain: madeBy reads it for the reasons,
 * secondPersonFilter for the lists.
 */
const chainOf = (userId: SQL | string) => sql`
    with recursive up(id, via) as (
      select parent.id, parent.via from ${users} u
        cross join lateral (
          select * from (values
            (u.created_by_id, 'created'), (u.password_set_by_id, 'password'), (u.email_set_by_id, 'email')
          ) as own(id, via)
          union all
          select i.email_set_by_id, 'email' from ${userIdentities} i
            where i.user_id = u.id and i.unlinked_at is null
        ) as parent(id, via)
        where u.id = ${userId} and parent.id is not null
      union
      select parent.id, up.via from up
        join ${users} u on u.id = up.id
        cross join lateral (
          select * from (values (u.created_by_id), (u.password_set_by_id), (u.email_set_by_id)) as own(id)
          union all
          select i.email_set_by_id from ${userIdentities} i where i.user_id = u.id and i.unlinked_at is null
        ) as parent(id)
        where parent.id is not null
    ) select id, via from up`;

type ChainLink = 'created' | 'password' | 'email';

async function madeBy(db: Executor, userId: string) {
  const chain = sql`(${chainOf(userId)}) as chain`;
  return db.select({ id: sql<string>`chain.id`, via: sql<ChainLink>`chain.via` }).from(chain);
}

/** What the first link of the chain did to the approver's account, in the approver's words. */
const LINK_WORDS: Record<ChainLink, string> = {
  created: 'created your account',
  password: 'last set your password',
  email: 'set your e-mail address',
};

/**
 * The rule above as a filter of change requests, for "Waiting for me" and its badge: leaves out the
 * requests whose people (the requester, by account or by the address they filed with; those recorded at
 * filing; for a token, its maker and, for a service account's, the account's maker and the makers of its
 * tokens held since) are the viewer or made the viewer's account or set their password or e-mail, up the
 * chain, and those filed by a token that no longer exists. What it does not repeat (two approvals from
 * linked accounts or one address) the request's page still explains when it refuses.
 * four-eyes.test.ts checks the list agrees with the approve button case by case.
 */
export function secondPersonFilter(viewerId: string): SQL {
  const me = sql`(select ${viewerId}::text union select id from (${chainOf(viewerId)}) as chain)`;
  const request = changeRequests;
  return sql`not (
    coalesce(${request.requestedById} in ${me}, false)
    or lower(${request.requestedBy}) in (${addressesOf(viewerId)})
    or exists (
      select 1 from ${changeRequestPeople} p
      where p.change_request_id = ${request.id} and p.user_id in ${me}
    )
    or (${request.requestedTokenId} is not null and not exists (
      select 1 from ${apiTokens} t join ${users} owner on owner.id = t.user_id
      where t.id = ${request.requestedTokenId}
        and not coalesce(t.created_by_id in ${me}, false)
        and not (owner.kind = 'service' and (
          coalesce(owner.created_by_id in ${me}, false)
          or exists (
            select 1 from ${apiTokens} other
            where other.user_id = owner.id and other.created_by_id in ${me}
              and (other.revoked_at is null or other.revoked_at > ${request.createdAt})
          )
        ))
    ))
  )`;
}

/**
 * Why the account `approverId` may be one of `people` (id → why, in the approver's words; `who` names
 * them): it is one of them, or one of them made the approver's account or set its password or e-mail, up the
 * chain. Null when it is not. Whoever set the password of one of `people` is not refused: that is how
 * administrators onboard people who sign in with a password (docs/changes.md, "Another person").
 */
async function whyOneOf(
  db: Executor,
  people: Map<string, string>,
  who: string,
  approverId: string,
): Promise<string | null> {
  const direct = people.get(approverId);
  if (direct) return direct;
  const links = (await madeBy(db, approverId)).filter((link) => people.has(link.id));
  if (links.length === 0) return null;
  // The strongest link is named: the account made, else its password, else its address.
  const via = (['created', 'password', 'email'] as const).find((kind) => links.some((l) => l.via === kind));
  return `${capitalised(who)}, or an account they made, ${LINK_WORDS[via ?? 'created']}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const APPROVER = 'someone who approved it already';

type Approval = Awaited<ReturnType<typeof roundApprovals>>[number];

/** Every address the account has or had, lower-cased (users.pastEmails): a subquery of one column. */
const addressesOf = (userId: string) => sql`
  select lower(${users.email}) from ${users} where ${users.id} = ${userId}
  union all
  select unnest(${users.pastEmails}) from ${users} where ${users.id} = ${userId}`;

async function addressesOfViewer(db: Executor, viewer: Viewer): Promise<Set<string>> {
  const [row] = await db.select({ past: users.pastEmails }).from(users).where(eq(users.id, viewer.user.id));
  return new Set([viewer.user.email.toLowerCase(), ...(row?.past ?? [])]);
}

/**
 * An account that has or had the address the requester or an approver of this round acted with, but
 * another id, is the same person on another account: a deleted user made again, or signed in again
 * through single sign-on's just-in-time provisioning, whatever address it moved to since.
 */
function whyAddressActedAlready(
  request: Request,
  approvals: Approval[],
  viewerId: string,
  addresses: Set<string>,
): string | null {
  const mine = (address: string) => addresses.has(address.toLowerCase());
  if (request.requestedById !== viewerId && mine(request.requestedBy)) {
    return `Your e-mail address is the requester's, on another account: ${ANOTHER}`;
  }
  if (approvals.some((approval) => approval.authorId !== viewerId && mine(approval.author))) {
    return `Your e-mail address approved it already, on another account; two approvals from one address count as one person: ${ANOTHER}`;
  }
  return null;
}

/** Two approvals are two people only when neither account stands for the other, whichever came first. */
async function whySameAsApprover(
  db: Executor,
  approvals: Approval[],
  viewerId: string,
): Promise<string | null> {
  for (const { authorId: approver } of approvals) {
    if (approver === null || approver === viewerId) continue;
    const why =
      (await whyOneOf(db, new Map([[approver, '']]), APPROVER, viewerId)) ??
      ((await whyOneOf(db, new Map([[viewerId, '']]), 'you', approver)) &&
        `You made the account of ${APPROVER} or set its password or e-mail`);
    if (why) return `${why}; two approvals from such accounts count as one person`;
  }
  return null;
}

/**
 * Why the viewer's approval of this request would not be a second person's, in plain words; null when
 * it would. The one rule of who counts as "another person" for an approval.
 */
export async function whyNotSecondPerson(
  db: Executor,
  viewer: Viewer,
  request: Request,
): Promise<string | null> {
  if (isAuthor(viewer, request)) return `You requested this change: ${ANOTHER}`;
  const approvals = await roundApprovals(db, request);
  const addresses = await addressesOfViewer(db, viewer);
  const actedAlready = whyAddressActedAlready(request, approvals, viewer.user.id, addresses);
  if (actedAlready) return actedAlready;
  const people = await peopleBehind(db, request);
  if (typeof people === 'string') return people;
  const why =
    (await whyOneOf(db, people, 'the person who filed this request', viewer.user.id)) ??
    (await whySameAsApprover(db, approvals, viewer.user.id));
  return why && `${why}: ${ANOTHER}`;
}
