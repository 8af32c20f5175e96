import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
import { z } from 'zod';
import { passwordSchema } from '../../contract/password';

/*
 * The password strength estimator (zxcvbn and its dictionaries: about half a second of start-up and
 * 25 MB) loads the first time something sets a password, not when the server starts. Until then the
 * contract's policy has no estimator, so every route whose body carries a password waits for it before
 * its body is validated: a weak password is refused on the first request as on any other.
 */

let loading: Promise<void> | undefined;

export function loadPasswordStrength(): Promise<void> {
  loading ??= import('../../contract/password-strength').then(
    () => undefined,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether a body schema has a field validated by the password policy (optional or not). */
export function carriesPassword(schema: unknown): boolean {
  if (!(schema instanceof z.ZodObject)) return false;
  return Object.values(schema.shape as Record<string, unknown>).some(
    (field) =>
      field === passwordSchema || (field instanceof z.ZodOptional && field.unwrap() === passwordSchema),
  );
}

const awaitEstimator: preValidationHookHandler = async () => {
  await loadPasswordStrength();
};

function prependPreValidation(route: RouteOptions, hook: preValidationHookHandler): void {
  const existing = route.preValidation;
  route.preValidation =
    existing === undefined ? [hook] : [hook, ...(Array.isArray(existing) ? existing : [existing])];
}

/** Registered before the routes: hooks each route that takes a password as it is added. */
export function loadEstimatorForPasswordRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (carriesPassword(route.schema?.body)) prependPreValidation(route, awaitEstimator);
  });
}
