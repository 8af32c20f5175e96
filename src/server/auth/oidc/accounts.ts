import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit, recordCreated } from '../../audit/service';
import type { Transaction } from '../../db/client';
import { userIdentities, users } from '../../db/schema';
import { publicUserColumns } from '../user-columns';
import type { Actor } from '../viewer';
import { SsoFailure } from './config';
import { asciiLowerCase } from './email';

/** Who the provider says signed in, read from a verified ID token. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  /** A-Z lower-cased, nothing else folded (email.ts); undefined when the token has none. */
  email?: string;
  /** False when the address has characters that fold into others (email.ts): never matched nor used. */
  emailPlain: boolean;
  emailVerified: boolean;
  name?: string;
}

export { publicUserColumns };

const refuse = (message: string) => new SsoFailure('unknown_user', message);
type PublicUser = NonNullable<Awaited<ReturnType<typeof userByIdentity>>>;

/**
 * The account the identity is linked to; refused when an administrator unlinked it. The user's row is
 * locked (FOR UPDATE, as an unlink locks it first), so an unlink and this sign-in run one after the other:
 * a session is never made from a link an unlink just removed.
 */
async function userByIdentity(tx: Transaction, identity: SsoIdentity) {
  const [row] = await tx
    .select({ user: publicUserColumns, unlinkedAt: userIdentities.unlinkedAt })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)))
    .for('update', { of: users });
  if (row?.unlinkedAt) {
    throw refuse(`identity ${identity.subject} was unlinked from account ${row.user.id}: refused`);
  }
  return row?.user;
}

async function link(
  tx: Transaction,
  userId: string,
  identity: SsoIdentity,
  actor: Actor,
  emailSetById: string | null = null,
): Promise<void> {
  await tx.insert(userIdentities).values({
    userId,
    issuer: identity.issuer,
    subject: identity.subject,
    email: identity.email,
    emailSetById,
  });
  await recordAudit(tx, actor, {
    action: 'user.identity.link',
    resourceType: 'user',
    resourceId: userId,
    changes: { issuer: identity.issuer, subject: identity.subject, email: identity.email ?? null },
  });
}

/**
 * Links the identity to the account with its e-mail, if there is one: only when the provider says the
 * address is verified, it is that account's address code point for code point (A-Z aside), the account is
 * a person's, and no other identity of this provider is linked to it already (a second subject with the
 * same address is another person at the provider, or a squatter: it never takes over the account).
 */
async function linkByEmail(
  tx: Transaction,
  identity: SsoIdentity,
  email: string,
  actor: Actor,
): Promise<PublicUser | undefined> {
  // FOR UPDATE: two first sign-ins of different subjects with this address link one after the other.
  const [found] = await tx
    .select({ user: publicUserColumns, emailSetById: users.emailSetById })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .for('update');
  if (!found) return undefined;
  const byEmail = found.user;
  if (!identity.emailVerified) throw refuse(`e-mail ${email} is not verified by the provider: not linked`);
  if (asciiLowerCase(byEmail.email) !== email) {
    throw refuse(`e-mail ${email} matches account ${byEmail.id} only when folded: not linked`);
  }
  if (byEmail.kind === 'service') throw refuse('a service account never signs in');
  const [other] = await tx
    .select({ subject: userIdentities.subject })
    .from(userIdentities)
    .where(
      and(
        eq(userIdentities.userId, byEmail.id),
        eq(userIdentities.issuer, identity.issuer),
        isNull(userIdentities.unlinkedAt),
      ),
    );
  if (other) {
    throw refuse(`account ${byEmail.id} is already linked to another identity of this provider: not linked`);
  }
  // Whoever set the address for its owner chose who would hold this link: four eyes keep them as able to
  // act as the account while it stands, whoever changes the address later (four-eyes.ts).
  await link(tx, byEmail.id, identity, { ...actor, id: byEmail.id }, found.emailSetById);
  return byEmail;
}

/** A new person for the identity (JIT provisioning), from a verified e-mail only. */
async function provision(tx: Transaction, identity: SsoIdentity, email: string, actor: Actor) {
  // Whoever controls an unverified address at the provider must not get the account its owner would.
  if (!identity.emailVerified) {
    throw refuse(`e-mail ${email} is not verified by the provider: no account created`);
  }
  const inserted = await tx
    .insert(users)
    .values({ email, name: identity.name ?? email, kind: 'person' })
    .returning(publicUserColumns);
  const created = await recordCreated(tx, actor, inserted, {
    action: 'user.create',
    resourceType: 'user',
    changes: (row) => ({ after: row, password: 'none', provisionedBy: 'sso' }),
  });
  await link(tx, created.id, identity, { ...actor, id: created.id });
  return created;
}

/**
 * The user this identity is: by (issuer, subject); else the account with the token's e-mail, linked now
 * (linkByEmail says when); else a new person when JIT provisioning is on and the e-mail is verified. Never
 * by e-mail alone without the provider's promise, and never by an address that only looks like another.
 */
export async function resolveUser(
  tx: Transaction,
  identity: SsoIdentity,
  jitProvisioning: boolean,
  actor: Actor,
): Promise<PublicUser> {
  const linked = await userByIdentity(tx, identity);
  if (linked) return linked;
  const { email } = identity;
  if (email && !identity.emailPlain) {
    throw refuse(`e-mail ${email} has characters that read as others (NFKC): neither linked nor created`);
  }
  const byEmail = email ? await linkByEmail(tx, identity, email, actor) : undefined;
  if (byEmail) return byEmail;
  if (!jitProvisioning) throw refuse(`no account for ${email ?? identity.subject}`);
  if (!email) throw refuse('JIT provisioning needs an e-mail claim');
  return provision(tx, identity, email, actor);
}
