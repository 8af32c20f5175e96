import { eq } from 'drizzle-orm';
import { tenantRoleSchema } from '../../contract/users';
import { DEFAULT_SESSION_POLICY, SESSION_COOKIE, createSession } from '../auth/sessions';
import type { Database } from '../db/client';
import { apiTokens, userProfiles, users } from '../db/schema';
import { newTokenSecret } from '../auth/tokens/secrets';
import type { ApiTokenScope } from '../../contract/api-tokens';

export interface TestPersona {
  id: string;
  email: string;
  globalRole?: 'admin' | 'user';
  /** tenantId -> role */
  roles?: Record<string, string>;
}

/** A persona with one role in tenant-001, named `${prefix}-${role}` (its e-mail at example.com). */
export const tenantMember = (prefix: string, role: string): TestPersona => ({
  id: `${prefix}-${role}`,
  email: `${prefix}-${role}@example.com`,
  roles: { 'tenant-001': role },
});

/**
 * Creates the persona's user and profiles (if missing) and a session; returns its Cookie header value.
 * The session is a password sign-in's unless `idToken` makes it a single sign-on's.
 */
export async function sessionCookieFor(
  db: Database,
  persona: TestPersona,
  meta: { idToken?: string } = {},
): Promise<string> {
  await ensurePersona(db, persona);
  const token = await createSession(db, persona.id, DEFAULT_SESSION_POLICY, meta);
  return `${SESSION_COOKIE}=${token}`;
}

/**
 * Creates the persona (if missing) and an API token of theirs with the given scope (default: all their
 * rights, 30 days); returns its Authorization header value.
 */
export async function bearerTokenFor(
  db: Database,
  persona: TestPersona,
  scope: Partial<ApiTokenScope & { expiresAt: string; name: string }> = {},
): Promise<string> {
  await ensurePersona(db, persona);
  const secret = newTokenSecret();
  await db.insert(apiTokens).values({
    userId: persona.id,
    name: scope.name ?? `${persona.id} token`,
    secretHash: secret.secretHash,
    displayPrefix: secret.displayPrefix,
    readOnly: scope.readOnly ?? false,
    tenantIds: scope.tenantIds ?? null,
    meshId: scope.meshId ?? null,
    expiresAt: scope.expiresAt ?? new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
  });
  return `Bearer ${secret.token}`;
}

async function ensurePersona(db: Database, persona: TestPersona): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.id, persona.id));
  if (!existing) {
    await db.insert(users).values({
      id: persona.id,
      email: persona.email,
      name: persona.id,
      globalRole: persona.globalRole ?? 'user',
    });
    const profiles = Object.entries(persona.roles ?? {}).map(([tenantId, role]) => ({
      userId: persona.id,
      tenantId,
      role: tenantRoleSchema.parse(role),
    }));
    if (profiles.length > 0) await db.insert(userProfiles).values(profiles);
  }
}

export const TEST_ADMIN: TestPersona = {
  id: 'test-admin',
  email: 'test-admin@example.com',
  globalRole: 'admin',
};
