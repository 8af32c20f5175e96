import { zodResolver } from '@hookform/resolvers/zod';
import type { Capability } from '@contract/capabilities';
import type { Tenant } from '@contract/tenants';
import { useForm, useWatch } from 'react-hook-form';
import { DialogForm } from '@/components/dialog-form';
import { requestSubmitProps } from '@/changes';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ConfigureCapabilityFields } from '@/control-plane/components/configure-capability-fields';
import { useConfigureSave } from '@/control-plane/components/use-configure-save';
import {
  configureFormDefaults,
  configureFormSchema,
  type ConfigureFormValues,
  type ConfigureInitial,
} from '@/control-plane/lib/configure-form';
import type { DialogOpenProps } from '@/components/dialog-open';

type ConfigureCapabilityDialogProps = DialogOpenProps & {
  /** Its governance limits the environments and regions offered. */
  tenant: Tenant;
  capability: Capability | undefined;
  initial: ConfigureInitial;
};

/** Creates the next configuration version of a subscription context (and makes it the active one). */
export function ConfigureCapabilityDialog({
  open,
  onOpenChange,
  tenant,
  capability,
  initial,
}: ConfigureCapabilityDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Configure Capability</DialogTitle>
          <DialogDescription>
            {capability ? `Create a new configuration version of ${capability.name} for this tenant.` : ''}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: every opening starts from the initial values
            (docs/product.md, Tenant control plane). */}
        {open && capability && (
          <ConfigureForm
            tenant={tenant}
            capabilityId={capability.id}
            configurationSchema={capability.configurationSchema}
            initial={initial}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ConfigureForm({
  tenant,
  capabilityId,
  configurationSchema,
  initial,
  onDone,
}: {
  tenant: Tenant;
  capabilityId: string;
  configurationSchema: string | null;
  initial: ConfigureInitial;
  onDone: () => void;
}) {
  const form = useForm<ConfigureFormValues>({
    resolver: zodResolver(configureFormSchema),
    defaultValues: configureFormDefaults(initial),
  });
  const [environment, region] = useWatch({ control: form.control, name: ['environment', 'region'] });
  const ready = environment !== '' && region !== '';
  const { submit, request, requesting, pending, issues } = useConfigureSave({
    tenantId: tenant.id,
    capabilityId,
    form,
    onDone,
  });
  const submitProps = requestSubmitProps(request, { pending, label: 'Save Configuration' });

  return (
    <DialogForm
      label="Configure capability"
      pending={pending}
      onSubmit={submit}
      {...submitProps}
      submitDisabled={!ready || pending || submitProps.submitDisabled}
    >
      <ConfigureCapabilityFields
        form={form}
        tenant={tenant}
        configurationIssues={issues}
        capabilityId={capabilityId}
        configurationSchema={configurationSchema}
      />
      {requesting && request.fields}
    </DialogForm>
  );
}
