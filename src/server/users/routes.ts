import { userListQuerySchema, userProfileListQuerySchema } from '../../contract/lists';
import {
  serviceAccountInputSchema,
  userInputSchema,
  userPatchSchema,
  userProfileInputSchema,
  userProfilePatchSchema,
  userIdentitySchema,
  userProfileSchema,
  userSchema,
} from '../../contract/users';
import { idParamSchema } from '../../contract/common';
import { z } from 'zod';
import type { Database } from '../db/client';
import { withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import { idParams } from '../http/responses';
import { childrenRoute, listRoute, readOneRoute, restoreRoute } from '../http/route-options';
import type { ZodApp } from '../http/zod-app';
import { conditionalWriteRoutes, createdResourceRoute } from '../auth/conditional-writes';
import {
  createUser,
  createUserProfile,
  deleteUser,
  deleteUserProfile,
  listUserProfiles,
  getUser,
  listUsers,
  restoreUserProfile,
  updateUser,
  updateUserProfile,
} from './service';
import { createServiceAccount } from './service-accounts';
import { listUserIdentities, unlinkUserIdentity } from '../auth/oidc/identities';
import { requestActor, requestScope, requireViewer } from '../auth/guard';
import {
  accessAdministration,
  adminOnly,
  onTenant,
  signedIn,
  tenantFromBody,
  tenantFromDeletion,
  tenantFromRow,
} from '../auth/permissions';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the permission guard reads the row's tenant from this table (tenantFromRow); no query here
import { userProfiles } from '../db/schema';

const tags = ['users'];

/** Reading user accounts: for everyone signed in, as far as they may see (users/service.ts). */
function userReadRoutes(app: ZodApp, db: Database): void {
  const config = { permission: signedIn };
  app.get(
    '/api/users',
    listRoute({
      config,
      tags,
      summary:
        'List users: search by name or email, filter by status, globalRole, kind (person or service) or tenantId (has a profile in), sort, page',
      querystring: userListQuerySchema,
      item: userSchema,
      errors: [400],
    }),
    async (request, reply) => sendPage(reply, await listUsers(db, requireViewer(request), request.query)),
  );

  app.get(
    '/api/users/:id',
    readOneRoute({
      config,
      tags,
      summary: 'One user, as the list shows them (404 for a user the caller may not see)',
      params: idParams,
      resource: userSchema,
    }),
    async (request, reply) => withEtag(reply, await getUser(db, requireViewer(request), request.params.id)),
  );
}

/** User accounts' writes, for administrators. */
function userAccountRoutes(app: ZodApp, db: Database): void {
  const config = { permission: adminOnly, ...accessAdministration };
  createdResourceRoute(app, {
    path: '/api/users',
    config,
    tags,
    summary: 'Add a user (409 when the email is taken); the initial password is optional',
    body: userInputSchema,
    resource: userSchema,
    errors: [400, 401, 403, 409],
    run: ({ body }, actor) => createUser(db, body, actor),
  });

  conditionalWriteRoutes(app, {
    path: '/api/users/:id',
    config,
    tags,
    params: idParams,
    resource: userSchema,
    edit: {
      summary: 'Edit a user; disabling ends their sessions; the last active administrator stays one',
      body: userPatchSchema,
      errors: [400, 401, 403, 404, 409],
      run: ({ params, body }, actor, expected) => updateUser(db, params.id, body, actor, expected),
    },
    remove: {
      summary: 'Delete a user with their tenant profiles (not yourself, not the last active administrator)',
      errors: [400, 401, 403, 404, 409],
      run: ({ params }, actor, expected) => deleteUser(db, params.id, actor, expected),
    },
  });
}

/** Users' per-tenant profiles: the list, and giving or restoring access, on the tenant's access managers. */
function userProfileAccessRoutes(app: ZodApp, db: Database): void {
  app.get(
    '/api/user-profiles',
    listRoute({
      config: { permission: signedIn },
      tags,
      summary: "List users' per-tenant profiles: filter by userId or tenantId, page (total in X-Total-Count)",
      querystring: userProfileListQuerySchema,
      item: userProfileSchema,
      errors: [400],
    }),
    async (request, reply) =>
      sendPage(reply, await listUserProfiles(db, requestScope(request), request.query)),
  );

  createdResourceRoute(app, {
    path: '/api/user-profiles',
    config: { permission: onTenant('manageAccess', tenantFromBody, 'Tenant'), ...accessAdministration },
    tags,
    summary: 'Give a user access to a tenant (409 when they already have it)',
    body: userProfileInputSchema,
    resource: userProfileSchema,
    errors: [400, 401, 403, 404, 409],
    run: ({ body }, actor) => createUserProfile(db, body, actor),
  });

  app.post(
    '/api/user-profiles/:id/restore',
    restoreRoute({
      config: {
        permission: onTenant(
          'manageAccess',
          tenantFromDeletion('user_profile.delete', 'id'),
          'Removed user profile',
        ),
        ...accessAdministration,
      },
      tags,
      summary:
        'Undo a removed access: put the profile back as it was (same id, role and details); 404 when no removal of that id is recorded, 409 when it exists again',
      params: idParams,
      resource: userProfileSchema,
    }),
    async (request, reply) =>
      reply.status(201).send(await restoreUserProfile(db, request.params.id, requestActor(request))),
  );
}

/** Editing and removing one profile, on the tenant of its row. */
function userProfileEditRoutes(app: ZodApp, db: Database): void {
  const byProfile = onTenant('manageAccess', tenantFromRow(userProfiles, 'id'), 'User profile');
  const config = { permission: byProfile, ...accessAdministration };

  conditionalWriteRoutes(app, {
    path: '/api/user-profiles/:id',
    config,
    tags,
    params: idParams,
    resource: userProfileSchema,
    edit: {
      summary: "Change a user's role, details or permissions on a tenant",
      body: userProfilePatchSchema,
      errors: [400, 401, 403, 404],
      run: ({ params, body }, actor, expected) => updateUserProfile(db, params.id, body, actor, expected),
    },
    remove: {
      summary: "Remove a user's access to a tenant",
      errors: [400, 401, 403, 404],
      run: ({ params }, actor, expected) => deleteUserProfile(db, params.id, actor, expected),
    },
  });
}

/** Users and their tenant profiles (docs/product.md, docs/security.md). */
export function userRoutes(app: ZodApp, { db }: { db: Database }): void {
  userReadRoutes(app, db);
  userAccountRoutes(app, db);
  serviceAccountRoutes(app, db);
  userIdentityRoutes(app, db);
  userProfileAccessRoutes(app, db);
  userProfileEditRoutes(app, db);
}

/** Service accounts: users that act only through API tokens (docs/automation.md). */
function serviceAccountRoutes(app: ZodApp, db: Database): void {
  createdResourceRoute(app, {
    path: '/api/service-accounts',
    config: { permission: adminOnly, ...accessAdministration },
    tags,
    summary:
      'Add a service account: a user that never signs in and acts through API tokens (409 when the name is taken)',
    body: serviceAccountInputSchema,
    resource: userSchema,
    errors: [400, 401, 403, 409],
    run: ({ body }, actor) => createServiceAccount(db, body, actor),
  });
}

/** The single sign-on identities linked to a user, and unlinking one (docs/sso.md), for administrators. */
function userIdentityRoutes(app: ZodApp, db: Database): void {
  const config = { permission: adminOnly, ...accessAdministration };
  app.get(
    '/api/users/:id/identities',
    childrenRoute({
      config,
      tags,
      summary:
        'The identity-provider accounts that sign in as this user (issuer, subject, address linked by)',
      params: idParams,
      item: userIdentitySchema,
      errors: [400, 401, 403, 404],
    }),
    async (request) => listUserIdentities(db, request.params.id),
  );

  conditionalWriteRoutes(app, {
    path: '/api/users/:id/identities/:identityId',
    config,
    tags,
    params: z.object({ id: idParamSchema, identityId: idParamSchema }),
    resource: userSchema,
    remove: {
      summary:
        "Unlink an identity from a user, under the user's If-Match: its next sign-in links or provisions anew; the user's sessions end",
      errors: [400, 401, 403, 404],
      run: ({ params }, actor, expected) =>
        unlinkUserIdentity(db, params.id, params.identityId, actor, expected),
    },
  });
}
