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
import { IdentityAuthFields, JsonField } from '@/tenants/list/components/tenant-infrastructure-fields';
import {
  infrastructureDefaults,
  infrastructureFormSchema,
  infrastructureTabs,
  type InfrastructureFormValues,
  type InfrastructureTab,
} from '@/tenants/list/lib/infrastructure-form';
import { useConflictAwareSave } from '@/components/use-conflict-aware-save';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';
import { useInfrastructureSave } from '@/tenants/list/components/use-infrastructure-save';

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
  const {
    submit: onSubmit,
    request,
    requesting,
    pending,
  } = useInfrastructureSave({
    tenant,
    form,
    conflict,
    setTab,
    onDone,
  });

  const formRef = useFocusAfterSubmit(pending);
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Configure tenant infrastructure"
    >
      <fieldset disabled={pending} className="space-y-6">
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
            disabled={request.mode === 'loading' || (requesting && !request.valid)}
          >
            {pending ? 'Saving...' : requesting ? request.submitLabel : 'Save Configuration'}
          </Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
