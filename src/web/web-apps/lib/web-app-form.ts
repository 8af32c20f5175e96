import { z } from 'zod';
import { isOneOf } from '@contract/sets';
import { environments, technologies, webAppRegions, webAppStatuses } from '@contract/vocabulary';
import {
  optionalHttpUrlSchema,
  WEB_APP_DEFAULT_ENVIRONMENT,
  WEB_APP_DEFAULT_REGION,
  webAppInputSchema,
  type WebApp,
  type WebAppInput,
  type WebAppPatch,
} from '@contract/web-apps';

/** Create Web App: step 1's technology and step 2's details, as the inputs hold them. */
export const createWebAppFormSchema = webAppInputSchema.extend({
  technology: z.enum(technologies, { message: 'Choose a technology' }),
  tenantId: z.string().min(1, 'Tenant is required'),
  description: z.string().trim().max(2000),
  environment: z.enum(environments),
  region: z.enum(webAppRegions),
  useStandardHeader: z.boolean(),
  useStandardFooter: z.boolean(),
});
export type CreateWebAppFormInput = z.input<typeof createWebAppFormSchema>;
export type CreateWebAppFormValues = z.output<typeof createWebAppFormSchema>;

/**
 * Step 2's fields (all but step 1's technology; Create asks no URL); also the body fields a 400 can
 * name.
 */
export const createWebAppFields = createWebAppFormSchema.keyof().exclude(['technology', 'url']).options;

/**
 * After creation every field returns here (docs/product.md, States and transitions); the tenant select
 * then picks the first tenant.
 */
export const CREATE_WEB_APP_DEFAULTS: Partial<CreateWebAppFormInput> = {
  name: '',
  description: '',
  tenantId: '',
  environment: WEB_APP_DEFAULT_ENVIRONMENT,
  region: WEB_APP_DEFAULT_REGION,
  useStandardHeader: false,
  useStandardFooter: false,
};

export function toWebAppInput(values: CreateWebAppFormValues): WebAppInput {
  return { ...values, description: values.description || null };
}

/** Edit: name, description, technology, environment, region, url, status. */
export const editWebAppFormSchema = webAppInputSchema.pick({ name: true }).extend({
  description: z.string().trim().max(2000),
  technology: z.string(),
  environment: z.string(),
  region: z.string(),
  url: optionalHttpUrlSchema.unwrap().unwrap(),
  status: z.string(),
});
export type EditWebAppFormInput = z.input<typeof editWebAppFormSchema>;
export type EditWebAppFormValues = z.output<typeof editWebAppFormSchema>;
/** The edit form's fields; also the body fields a 400 can name. */
export const editWebAppFields = editWebAppFormSchema.keyof().options;

export function editWebAppDefaults(app: WebApp): EditWebAppFormInput {
  return {
    name: app.name,
    description: app.description ?? '',
    technology: app.technology,
    environment: app.environment,
    region: app.region ?? '',
    url: app.url ?? '',
    status: app.status,
  };
}

/**
 * The PATCH body: only the fields the user changed, so a value set elsewhere outside today's lists
 * (shown raw) is never sent back and refused.
 */
export function toWebAppPatch(values: EditWebAppFormValues, app: WebApp): WebAppPatch {
  const before = editWebAppDefaults(app);
  const changed = (field: (typeof editWebAppFields)[number]) => values[field] !== before[field];
  const { technology, environment, region, status } = values;
  // A select's value differs from the app's only when picked from its list, so the set checks only narrow.
  const patch: WebAppPatch = {};
  if (changed('name')) patch.name = values.name;
  if (changed('description')) patch.description = values.description || null;
  if (changed('technology') && isOneOf(technologies, technology)) patch.technology = technology;
  if (changed('environment') && isOneOf(environments, environment)) patch.environment = environment;
  if (changed('region') && isOneOf(webAppRegions, region)) patch.region = region;
  if (changed('url')) patch.url = values.url || null;
  if (changed('status') && isOneOf(webAppStatuses, status)) patch.status = status;
  return patch;
}

/** Options with `current` added when it is a value outside the list. */
export function withCurrent(
  options: readonly { value: string; label: string }[],
  current: string | null | undefined,
) {
  if (!current || options.some((option) => option.value === current)) return [...options];
  return [...options, { value: current, label: current }];
}
