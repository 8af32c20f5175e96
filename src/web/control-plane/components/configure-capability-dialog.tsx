import { zodResolver } from '@hookform/resolvers/zod';
import type { Capability } from '@contract/capabilities';
import type { Tenant } from '@contract/tenants';
import { useQueryClient } from '@tanstack/react-query';
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
import { asDirectError, useChangeRequestForm } from '@/changes';
import { useCreateVersion } from '@/control-plane/api/create-version';
import { invalidateVersions } from '@/control-plane/api/invalidate-versions';
import { ConfigureCapabilityFields } from '@/control-plane/components/configure-capability-fields';
import {
  configurationIssues,
  configureFormDefaults,
  configureFormSchema,
  toCreateVersionBody,
  type ConfigureFormValues,
  type ConfigureInitial,
} from '@/control-plane/lib/configure-form';
import { notifyError, notifySuccess } from '@/components/notify';
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
  const create = useCreateVersion();
  const queryClient = useQueryClient();
  const [issues, setIssues] = useState<string[]>([]);
  const form = useForm<ConfigureFormValues>({
    resolver: zodResolver(configureFormSchema),
    defaultValues: configureFormDefaults(initial),
  });
  const [environment, region] = useWatch({ control: form.control, name: ['environment', 'region'] });
  const ready = environment !== '' && region !== '';
  // The tenant's approval policy decides per environment: save directly, or request the change.
  const request = useChangeRequestForm({ tenantId: tenant.id, environment: environment || null });
  const requesting = request.mode === 'request';
  const pending = create.isPending || request.pending;

  const onSubmit = form.handleSubmit((values) => {
    const body = toCreateVersionBody(tenant.id, capabilityId, values);
    if (!body) return;
    setIssues([]);
    if (requesting) {
      if (!request.valid) return;
      request.submit(
        { kind: 'configuration.create', body },
        {
          onSuccess: (created) => {
            if (created.status === 'applied') void invalidateVersions(queryClient, tenant.id);
            onDone();
          },
          // The change's body issues are this form's own (body.change.body.configuration...).
          onError: (error) => setIssues(configurationIssues(asDirectError(error))),
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        notifySuccess('Configuration saved', 'New version created successfully');
        onDone();
      },
      onError: (error) => {
        if (request.handleDirectError(error)) return;
        setIssues(configurationIssues(error));
        notifyError(error, 'Failed to create configuration version');
      },
    });
  });

  const formRef = useFocusAfterSubmit(pending);
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Configure capability"
    >
      <fieldset disabled={pending} className="space-y-6">
        <ConfigureCapabilityFields
          form={form}
          tenant={tenant}
          configurationIssues={issues}
          capabilityId={capabilityId}
          configurationSchema={configurationSchema}
        />
        {requesting && request.fields}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button
            type="submit"
            variant={requesting && request.bypass ? 'destructive' : 'default'}
            disabled={!ready || pending || request.mode === 'loading' || (requesting && !request.valid)}
          >
            {pending ? 'Saving...' : requesting ? request.submitLabel : 'Save Configuration'}
          </Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
