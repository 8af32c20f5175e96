import { eq } from 'drizzle-orm';
import { tenantRoleSchema } from '../../contract/users';
import { DEFAULT_SESSION_POLICY, SESSION_COOKIE, createSession } from '../auth/sessions';
import type { Database } from '../db/client';
import { userProfiles, users } from '../db/schema';

export interface TestPersona {
  id: string;
  email: string;
  globalRole?: 'admin' | 'user';
  /** tenantId -> role */
  roles?: Record<string, string>;
}

/** Creates the persona's user and profiles (if missing) and a session; returns its Cookie header value. */
export async function sessionCookieFor(db: Database, persona: TestPersona): Promise<string> {
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
  const token = await createSession(db, persona.id, DEFAULT_SESSION_POLICY, {});
  return `${SESSION_COOKIE}=${token}`;
}

export const TEST_ADMIN: TestPersona = {
  id: 'test-admin',
  email: 'test-admin@example.com',
  globalRole: 'admin',
};
