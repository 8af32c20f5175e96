import { z } from 'zod';
import {
  capabilityInputSchema,
  capabilityStatuses,
  type Capability,
  type CapabilityInput,
} from '@contract/capabilities';

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** The register/edit form: the contract's fields, as the inputs hold them (text, '' for none). */
export const capabilityFormSchema = capabilityInputSchema.extend({
  status: z.enum(capabilityStatuses),
  supportsNotificationTemplates: z.boolean(),
  configurationSchema: z
    .string()
    .max(100_000)
    .refine((text) => text.trim() === '' || isJson(text), 'Configuration schema must be valid JSON'),
});
export type CapabilityFormInput = z.input<typeof capabilityFormSchema>;
export type CapabilityFormValues = z.output<typeof capabilityFormSchema>;

/** Form fields (the schema's keys); also the body fields a 400 can name. */
export const capabilityFormFields = capabilityFormSchema.keyof().options;

const prettyJson = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

export function capabilityFormDefaults(capability?: Capability): CapabilityFormInput {
  return {
    name: capability?.name ?? '',
    description: capability?.description ?? '',
    version: capability?.version ?? '',
    status: capability?.status ?? 'available',
    endpoint: capability?.endpoint ?? '',
    category: capability?.category ?? '',
    configurationSchema: capability?.configurationSchema ? prettyJson(capability.configurationSchema) : '',
    supportsNotificationTemplates: capability?.supportsNotificationTemplates ?? false,
  };
}

const orNull = (text: string | null | undefined) => (text ? text : null);

/** The request body: empty texts become null (cleared). */
export function toCapabilityInput(values: CapabilityFormValues): CapabilityInput {
  return {
    name: values.name,
    description: orNull(values.description),
    version: orNull(values.version),
    status: values.status,
    endpoint: orNull(values.endpoint),
    category: orNull(values.category),
    configurationSchema: values.configurationSchema.trim() ? values.configurationSchema : null,
    supportsNotificationTemplates: values.supportsNotificationTemplates,
  };
}
