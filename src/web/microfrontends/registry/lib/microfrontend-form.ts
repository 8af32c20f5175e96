import { z } from 'zod';
import {
  microfrontendInputSchema,
  type Microfrontend,
  type MicrofrontendInput,
} from '@contract/microfrontends';

/** The register/edit form: the contract's fields as the inputs hold them ('' for none). */
export const microfrontendFormSchema = microfrontendInputSchema.extend({
  description: z.string().trim().max(2000),
  repository: z.string().trim().max(2000),
});
export type MicrofrontendFormInput = z.input<typeof microfrontendFormSchema>;
export type MicrofrontendFormValues = z.output<typeof microfrontendFormSchema>;

/** Form fields (the schema's keys); also the body fields a 400 can name. */
export const microfrontendFormFields = microfrontendFormSchema.keyof().options;

export function microfrontendFormDefaults(microfrontend?: Microfrontend): MicrofrontendFormInput {
  return {
    slug: microfrontend?.slug ?? '',
    name: microfrontend?.name ?? '',
    description: microfrontend?.description ?? '',
    repository: microfrontend?.repository ?? '',
  };
}

/** The request body: empty texts become null (cleared). */
export function toMicrofrontendInput(values: MicrofrontendFormValues): MicrofrontendInput {
  return {
    slug: values.slug,
    name: values.name,
    description: values.description || null,
    repository: values.repository || null,
  };
}
