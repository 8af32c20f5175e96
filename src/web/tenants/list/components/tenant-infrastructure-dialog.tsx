import { zodResolver } from '@hookform/resolvers/zod';
import type { Tenant } from '@contract/tenants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConflictAlert } from '@/components/conflict-alert';
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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePatchTenant } from '@/tenants/api/update-tenant';
import { IdentityAuthFields, JsonField } from '@/tenants/list/components/tenant-infrastructure-fields';
import {
  infrastructureDefaults,
  infrastructureFields,
  infrastructureFormSchema,
  infrastructureTabs,
  tabOfField,
  toInfrastructurePatch,
  type InfrastructureFormValues,
  type InfrastructureTab,
} from '@/tenants/list/lib/infrastructure-form';
import { applyServerIssues, serverFieldIssues } from '@/lib/server-issues';
import { useConflictAwareSave } from '@/lib/use-conflict-aware-save';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

type TenantInfrastructureDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tenant: Tenant | null;
};

/** Configure Tenant Infrastructure: Identity & Auth, API Gateway and Policy Server tabs (PATCH). */
export function TenantInfrastructureDialog({ open, onOpenChange, tenant }: TenantInfrastructureDialogProps) {
  return (
    <Dialog open={open && tenant !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Configure Tenant Infrastructure</DialogTitle>
          <DialogDescription>
            {tenant
              ? `Identity, authorization, API gateway and policy server settings of ${tenant.name}.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {open && tenant && <InfrastructureForm tenant={tenant} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function InfrastructureForm({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
  const patch = usePatchTenant();
  const [tab, setTab] = useState<InfrastructureTab>('identity');
  const form = useForm<InfrastructureFormValues>({
    resolver: zodResolver(infrastructureFormSchema),
    defaultValues: infrastructureDefaults(tenant),
  });
  const conflict = useConflictAwareSave({
    form,
    resource: tenant,
    toFormValues: infrastructureDefaults,
    what: 'tenant',
  });

  const onSubmit = form.handleSubmit((values) => {
    patch.mutate(
      { id: tenant.id, patch: toInfrastructurePatch(values), ifMatch: conflict.revision() },
      {
        onSuccess: () => {
          notifySuccess('Configuration updated', 'Tenant configuration has been saved successfully.');
          onDone();
        },
        onError: (error) => {
          if (conflict.handleError(error)) return;
          // Bring the refused field's tab forward before marking it (a hidden tab is not mounted).
          const first = serverFieldIssues(error)
            .map((issue) => tabOfField(issue.field))
            .find(Boolean);
          if (first) setTab(first);
          applyServerIssues(error, form.setError, (field) =>
            infrastructureFields.find((name) => name === field),
          );
          notifyError(error, 'Failed to update configuration.');
        },
      },
    );
  });

  const formRef = useFocusAfterSubmit(patch.isPending);
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Configure tenant infrastructure"
    >
      <fieldset disabled={patch.isPending} className="space-y-6">
        <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
        <Tabs value={tab} onValueChange={(value) => setTab(value as InfrastructureTab)}>
          <TabsList className="w-full">
            {infrastructureTabs.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="identity" className="pt-2">
            <IdentityAuthFields form={form} />
          </TabsContent>
          <TabsContent value="gateway" className="pt-2">
            <JsonField
              form={form}
              name="apiGatewayConfiguration"
              label="API Gateway Configuration"
              rows={10}
              placeholder={
                '{\n  "rateLimit": { "requests": 1000, "per": "minute" },\n  "cors": { "origins": ["https://app.example.com"] }\n}'
              }
            />
          </TabsContent>
          <TabsContent value="policy" className="pt-2">
            <JsonField
              form={form}
              name="policyServerConfiguration"
              label="Policy Server Configuration"
              rows={10}
              placeholder={'{\n  "engine": "opa",\n  "decisionLogs": true,\n  "auditRetention": "90d"\n}'}
            />
          </TabsContent>
        </Tabs>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit">{patch.isPending ? 'Saving...' : 'Save Configuration'}</Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
