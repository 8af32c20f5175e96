import { zodResolver } from '@hookform/resolvers/zod';
import type { Tenant } from '@contract/tenants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConflictAlert, useConflictAwareSave } from '@/concurrency';
import { ManagedInGitBadge, ManagedInGitNotice } from '@/git-managed';
import { DialogForm } from '@/components/dialog-form';
import { requestSubmitProps } from '@/changes';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { InfrastructureTabs } from '@/tenants/list/components/tenant-infrastructure-fields';
import {
  infrastructureDefaults,
  infrastructureFormSchema,
  type InfrastructureFormValues,
  type InfrastructureTab,
} from '@/tenants/list/lib/infrastructure-form';
import { tenantLive } from '@/tenants/api/get-tenant';
import { useInfrastructureSave } from '@/tenants/list/components/use-infrastructure-save';
import type { DialogOpenProps } from '@/components/dialog-open';

type TenantInfrastructureDialogProps = DialogOpenProps & {
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
            {tenant && (
              <>
                Identity, authorization, API gateway and policy server settings of {tenant.name}.{' '}
                <ManagedInGitBadge tenantId={tenant.id} />
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        {open && tenant && <InfrastructureForm tenant={tenant} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function InfrastructureForm({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
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
    live: tenantLive,
  });
  const { submit, request, requesting, pending } = useInfrastructureSave({
    tenant,
    form,
    conflict,
    setTab,
    onDone,
  });

  return (
    <DialogForm
      label="Configure tenant infrastructure"
      pending={pending}
      onSubmit={submit}
      {...requestSubmitProps(request, { pending, label: 'Save Configuration' })}
    >
      <ConflictAlert save={conflict} onOverwrite={() => void submit()} />
      <ManagedInGitNotice tenantId={tenant.id} what="tenant" />
      <InfrastructureTabs form={form} tab={tab} onTabChange={setTab} />
      {requesting && request.fields}
    </DialogForm>
  );
}
