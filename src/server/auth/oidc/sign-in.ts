import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { IDToken } from 'openid-client';
import type { Me } from '../../../contract/auth';
import { recordAudit } from '../../audit/service';
import type { Database, Transaction } from '../../db/client';
import { userIdentities, users } from '../../db/schema';
import { getSsoSettings } from '../../settings/sso-service';
import { isUniqueViolation } from '../../unique-violation';
import { startSession } from '../service';
import type { SessionPolicy } from '../sessions';
import type { Actor } from '../viewer';
import { SsoFailure } from './config';
import { applyRoleMapping, groupsOf, mapGroups } from './role-mapping';

/** Who the provider says signed in, read from a verified ID token. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  /** Lower case; undefined when the token has none. */
  email?: string;
  emailVerified: boolean;
  name?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function identityOf(claims: IDToken): SsoIdentity {
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: text(claims.email)?.toLowerCase(),
    // Only a boolean true counts: some providers send "true" as a string, which is not a promise.
    emailVerified: claims.email_verified === true,
    name: text(claims.name),
  };
}

const { passwordHash: _hash, ...publicUserColumns } = getTableColumns(users);
type PublicUser = Awaited<ReturnType<typeof userByIdentity>>;

async function userByIdentity(tx: Transaction, identity: SsoIdentity) {
  const [row] = await tx
    .select({ user: publicUserColumns })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
  return row?.user;
}

async function link(tx: Transaction, userId: string, identity: SsoIdentity, actor: Actor): Promise<void> {
  await tx.insert(userIdentities).values({
    userId,
    issuer: identity.issuer,
    subject: identity.subject,
    email: identity.email,
  });
  await recordAudit(tx, actor, {
    action: 'user.identity.link',
    resourceType: 'user',
    resourceId: userId,
    changes: { issuer: identity.issuer, subject: identity.subject, email: identity.email ?? null },
  });
}

/**
 * The user this identity is: by (issuer, subject); else the account with the token's e-mail, linked now,
 * but only when the provider says the address is verified; else a new person when JIT provisioning is
 * on. Never by e-mail alone without that promise: whoever controls an unverified address at the provider
 * must not become the account that owns it here.
 */
async function resolveUser(
  tx: Transaction,
  identity: SsoIdentity,
  jitProvisioning: boolean,
  actor: Actor,
): Promise<NonNullable<PublicUser>> {
  const linked = await userByIdentity(tx, identity);
  if (linked) return linked;
  const { email } = identity;
  const [byEmail] = email
    ? await tx
        .select(publicUserColumns)
        .from(users)
        .where(eq(sql`lower(${users.email})`, email))
    : [];
  if (byEmail) {
    if (!identity.emailVerified) {
      throw new SsoFailure('unknown_user', `e-mail ${email} is not verified by the provider: not linked`);
    }
    if (byEmail.kind === 'service') throw new SsoFailure('unknown_user', 'a service account never signs in');
    await link(tx, byEmail.id, identity, { ...actor, id: byEmail.id });
    return byEmail;
  }
  if (!jitProvisioning) throw new SsoFailure('unknown_user', `no account for ${email ?? identity.subject}`);
  if (!email) throw new SsoFailure('unknown_user', 'JIT provisioning needs an e-mail claim');
  const [created] = await tx
    .insert(users)
    .values({ email, name: identity.name ?? email, kind: 'person' })
    .returning(publicUserColumns);
  if (!created) throw new Error('Insert returned no row');
  await recordAudit(tx, actor, {
    action: 'user.create',
    resourceType: 'user',
    resourceId: created.id,
    changes: { after: created, password: 'none', provisionedBy: 'sso' },
  });
  await link(tx, created.id, identity, { ...actor, id: created.id });
  return created;
}

export interface SsoSignInContext {
  ip: string;
  userAgent?: string;
  previousToken?: string;
  policy: SessionPolicy;
  idToken: string;
}

/**
 * Signs in a verified SSO identity: finds (or links, or provisions) the user, refuses service accounts and
 * disabled users, applies the group mapping, then starts the session as a password sign-in does.
 */
export async function ssoSignIn(
  db: Database,
  claims: IDToken,
  context: SsoSignInContext,
): Promise<{ token: string; me: Me }> {
  const identity = identityOf(claims);
  const settings = await getSsoSettings(db);
  const who = identity.email ?? identity.subject;
  const attempt = () =>
    db.transaction(async (tx) => {
      const actor: Actor = { id: null, email: who, ip: context.ip };
      const user = await resolveUser(tx, identity, settings.jitProvisioning, actor);
      if (user.kind === 'service') throw new SsoFailure('unknown_user', 'a service account never signs in');
      if (user.status !== 'active') throw new SsoFailure('disabled', `user ${user.id} is disabled`);
      const userActor: Actor = { id: user.id, email: user.email, ip: context.ip };
      const groups = groupsOf(claims, settings.claim);
      await applyRoleMapping(tx, user, mapGroups(groups, settings.rules), userActor);
      const [fresh] = await tx.select(publicUserColumns).from(users).where(eq(users.id, user.id));
      return startSession(tx, fresh ?? user, { ...context, method: 'sso' });
    });
  // Two first sign-ins of one identity at once (two tabs, a double click): the later link or JIT insert
  // meets the earlier one's row in a unique index. Run once more: it now finds that row and signs in.
  const signIn = attempt().catch((error: unknown) => {
    if (isUniqueViolation(error)) return attempt();
    throw error;
  });
  // A refusal names who was refused, for the failed sign-in's audit event.
  return signIn.catch((error: unknown) => {
    throw error instanceof SsoFailure ? new SsoFailure(error.code, error.message, { who }) : error;
  });
}
