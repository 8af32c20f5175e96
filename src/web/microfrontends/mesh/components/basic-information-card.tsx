import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { SEARCH_DEBOUNCE_MS } from '@/components/list/search-input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { MeshFormInput, MeshFormValues } from '@/microfrontends/mesh/lib/mesh-form';
import { useTenantNames } from '@/tenants';

type Form = UseFormReturn<MeshFormInput, unknown, MeshFormValues>;

/** Name, Description and Tenant ID (default tenant-001; the tenant's name shown once it matches one). */
export function BasicInformationCard({ form }: { form: Form }) {
  const { errors } = form.formState;
  const tenantId = useWatch({ control: form.control, name: 'tenantId' }).trim();
  // The typed id's name through GET /api/tenants/options?ids= (debounced), never the whole tenant list.
  const lookedUp = useDebouncedValue(tenantId, SEARCH_DEBOUNCE_MS);
  const tenantName = useTenantNames(lookedUp ? [lookedUp] : [])?.get(tenantId);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Basic Information</CardTitle>
        <CardDescription>Name the mesh and choose the tenant it belongs to.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <Field data-invalid={!!errors.name || undefined}>
          <FieldLabel htmlFor="mesh-name">Name</FieldLabel>
          <Input
            {...fieldControlProps('mesh-name', !!errors.name)}
            placeholder="Customer portal"
            {...form.register('name')}
          />
          <FieldError id="mesh-name-error" errors={[errors.name]} />
        </Field>
        <Field data-invalid={!!errors.tenantId || undefined}>
          <FieldLabel htmlFor="mesh-tenant-id">Tenant ID</FieldLabel>
          <Input {...fieldControlProps('mesh-tenant-id', !!errors.tenantId)} {...form.register('tenantId')} />
          {tenantName && <FieldDescription data-testid="mesh-tenant-name">{tenantName}</FieldDescription>}
          <FieldError id="mesh-tenant-id-error" errors={[errors.tenantId]} />
        </Field>
        <Field className="sm:col-span-2" data-invalid={!!errors.description || undefined}>
          <FieldLabel htmlFor="mesh-description">Description</FieldLabel>
          <Textarea
            {...fieldControlProps('mesh-description', !!errors.description)}
            rows={3}
            {...form.register('description')}
          />
          <FieldError id="mesh-description-error" errors={[errors.description]} />
        </Field>
      </CardContent>
    </Card>
  );
}
