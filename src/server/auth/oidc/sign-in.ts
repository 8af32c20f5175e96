import { eq } from 'drizzle-orm';
import type { IDToken } from 'openid-client';
import type { Me } from '../../../contract/auth';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { getSsoSettings } from './sso-service';
import { isUniqueViolation } from '../../unique-violation';
import { startSession } from '../service';
import type { SessionPolicy } from '../sessions';
import type { Actor } from '../viewer';
import { publicUserColumns, resolveUser, type SsoIdentity } from './accounts';
import { SsoFailure } from './config';
import { asciiLowerCase, isPlainEmail } from './email';
import { applyRoleMapping, groupsOf, mapGroups } from './role-mapping';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function identityOf(claims: IDToken): SsoIdentity {
  const email = text(claims.email);
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: email === undefined ? undefined : asciiLowerCase(email),
    emailPlain: email === undefined || isPlainEmail(email),
    // Only a boolean true counts: some providers send "true" as a string, which is not a promise.
    emailVerified: claims.email_verified === true,
    name: text(claims.name),
  };
}

export interface SsoSignInContext {
  ip: string;
  userAgent?: string;
  previousToken?: string;
  policy: SessionPolicy;
  idToken: string;
  /** ADMIN_EMAIL, lower case: the break-glass account, whose roles only a person changes. */
  breakGlassEmail: string;
}

/**
 * Signs in a verified SSO identity: finds (or links, or provisions) the user, refuses service accounts and
 * disabled users, applies the group mapping (but to the break-glass account), then starts the session as
 * a password sign-in does.
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
      // The break-glass account must stay an administrator whatever the provider's groups say (or a
      // squatter's empty ones): the mapping never touches its roles.
      if (user.email.toLowerCase() !== context.breakGlassEmail) {
        const groups = groupsOf(claims, settings.claim);
        await applyRoleMapping(tx, user, mapGroups(groups, settings.rules), userActor);
      }
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
