import type { UseFormReturn } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field';
import type {
  MicrofrontendFormInput,
  MicrofrontendFormValues,
} from '@/microfrontends/registry/lib/microfrontend-form';

type Form = UseFormReturn<MicrofrontendFormInput, unknown, MicrofrontendFormValues>;

/** Name, slug, description and repository of the register/edit form. */
export function MicrofrontendFormFields({ form }: { form: Form }) {
  return (
    <>
      <FormTextField form={form} name="name" id="mfe-name" label="Name" placeholder="Billing" />
      <FormTextField
        form={form}
        name="slug"
        id="mfe-slug"
        label="Slug"
        placeholder="billing"
        description="Unique; lower-case letters, digits and dashes."
      />
      <FormTextField form={form} name="description" id="mfe-description" label="Description" />
      <FormTextField
        form={form}
        name="repository"
        id="mfe-repository"
        label="Repository"
        placeholder="https://github.com/acme/billing"
      />
    </>
  );
}
