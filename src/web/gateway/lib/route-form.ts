import { z } from 'zod';
import {
  DEFAULT_RATE_LIMIT,
  routeMethods,
  routePathProblem,
  type GatewayRoute,
  type RouteFields,
} from '@contract/gateway';
import { capabilityFormField, capabilityFormLabel } from '@/gateway/lib/lineage-form-fields';

const MAX_RATE_LIMIT = 1_000_000;

/**
 * The route form: the contract's fields as the inputs hold them (the rate limit as text, '' for no
 * limit), with messages a person can act on. The path follows the contract's rule (routePathProblem);
 * the server checks it and the target's shape again and answers 400 naming the field.
 */
export const routeFormSchema = z.object({
  ...capabilityFormField,
  path: z
    .string()
    .trim()
    .min(1, 'Path is required')
    .max(500)
    .superRefine((path, ctx) => {
      // The contract's rule, so the form says what the server would answer (400 naming path).
      const problem = routePathProblem(path);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  methods: z.array(z.enum(routeMethods)).min(1, 'Choose at least one method'),
  targetService: z.string().trim().min(1, 'Target service is required').max(2000),
  authRequired: z.boolean(),
  rateLimit: z
    .string()
    .trim()
    .refine(
      (text) => text === '' || (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_RATE_LIMIT),
      `Rate limit must be a whole number from 1 to ${MAX_RATE_LIMIT.toLocaleString('en-US')}, or empty for no limit`,
    ),
});
export type RouteFormValues = z.infer<typeof routeFormSchema>;

/** Body fields a 400 can name, as form fields. */
export const routeFormFields = routeFormSchema.keyof().options;

export const routeFormLabels = {
  ...capabilityFormLabel,
  path: 'Path',
  methods: 'Methods',
  targetService: 'Target service',
  authRequired: 'Authentication required',
  rateLimit: 'Rate limit',
} as const;

/** A new route: authentication on and the spec's 1000 requests per minute; an edit: the version's values. */
export function routeFormDefaults(route?: GatewayRoute, capabilityId = ''): RouteFormValues {
  return {
    capabilityId: route?.capabilityId ?? capabilityId,
    path: route?.path ?? '',
    methods: route ? [...route.methods] : ['GET'],
    targetService: route?.targetService ?? '',
    authRequired: route?.authRequired ?? true,
    rateLimit: route ? (route.rateLimit === null ? '' : String(route.rateLimit)) : String(DEFAULT_RATE_LIMIT),
  };
}

/** The request's fields: methods in the contract's order, an empty rate limit as null (unlimited). */
export function toRouteFields(values: RouteFormValues): RouteFields {
  return {
    path: values.path.trim(),
    methods: routeMethods.filter((method) => values.methods.includes(method)),
    targetService: values.targetService.trim(),
    authRequired: values.authRequired,
    rateLimit: values.rateLimit.trim() === '' ? null : Number(values.rateLimit),
  };
}

/** "1000/min", or "Unlimited" without a limit. */
export const rateLimitLabel = (rateLimit: number | null): string =>
  rateLimit === null ? 'Unlimited' : `${rateLimit}/min`;
