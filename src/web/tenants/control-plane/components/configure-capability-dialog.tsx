import { zodResolver } from '@hookform/resolvers/zod';
import type { Capability } from '@contract/capabilities';
import type { Tenant } from '@contract/tenants';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCreateVersion } from '@/tenants/control-plane/api/create-version';
import { ConfigureCapabilityFields } from '@/tenants/control-plane/components/configure-capability-fields';
import {
  configurationIssues,
  configureFormDefaults,
  configureFormSchema,
  toCreateVersionBody,
  type ConfigureFormValues,
  type ConfigureInitial,
} from '@/tenants/control-plane/lib/configure-form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

type ConfigureCapabilityDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
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
        {/* Mounted only while open: every opening starts from the initial values (SPEC.md section 2). */}
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
  const create = useCreateVersion();
  const [issues, setIssues] = useState<string[]>([]);
  const form = useForm<ConfigureFormValues>({
    resolver: zodResolver(configureFormSchema),
    defaultValues: configureFormDefaults(initial),
  });
  const [environment, region] = useWatch({ control: form.control, name: ['environment', 'region'] });
  const ready = environment !== '' && region !== '';

  const onSubmit = form.handleSubmit((values) => {
    const body = toCreateVersionBody(tenant.id, capabilityId, values);
    if (!body) return;
    setIssues([]);
    create.mutate(body, {
      onSuccess: () => {
        notifySuccess('Configuration saved', 'New version created successfully');
        onDone();
      },
      onError: (error) => {
        setIssues(configurationIssues(error));
        notifyError(error, 'Failed to create configuration version');
      },
    });
  });

  const formRef = useFocusAfterSubmit(create.isPending);
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Configure capability"
    >
      <fieldset disabled={create.isPending} className="space-y-6">
        <ConfigureCapabilityFields
          form={form}
          tenant={tenant}
          configurationIssues={issues}
          capabilityId={capabilityId}
          configurationSchema={configurationSchema}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={!ready || create.isPending}>
            {create.isPending ? 'Saving...' : 'Save Configuration'}
          </Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
