import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { passwordSchema } from '../../contract/password';
import { addPreValidation } from '../http/route-hooks';
import { loadOnFirstUse } from '../load-on-first-use';

/*
 * The password strength estimator (zxcvbn and its dictionaries: about half a second of start-up and
 * 25 MB) loads the first time something sets a password, not when the server starts. Until then the
 * contract's policy has no estimator, so every route whose body carries a password waits for it before
 * its body is validated: a weak password is refused on the first request as on any other.
 */

/** The estimator registers itself with the contract's policy when its module loads. */
export const loadPasswordStrength: () => Promise<unknown> = loadOnFirstUse(
  () => import('../../contract/password-strength'),
);

/** Whether a body schema has a field validated by the password policy (optional or not). */
export function carriesPassword(schema: unknown): boolean {
  if (!(schema instanceof z.ZodObject)) return false;
  return Object.values<unknown>(schema.shape).some(
    (field) =>
      field === passwordSchema || (field instanceof z.ZodOptional && field.unwrap() === passwordSchema),
  );
}

const awaitEstimator: preValidationHookHandler = async () => {
  await loadPasswordStrength();
};

/** Registered before the routes: hooks each route that takes a password as it is added. */
export function loadEstimatorForPasswordRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (carriesPassword(route.schema?.body)) addPreValidation(route, awaitEstimator, 'first');
  });
}
