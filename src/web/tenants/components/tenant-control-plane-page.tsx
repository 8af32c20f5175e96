import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { useTenant } from '@/tenants/api/get-tenant';
import { CapabilitiesTab } from '@/tenants/control-plane/components/capabilities-tab';
import { ConfigurationTab } from '@/tenants/control-plane/components/configuration-tab';

/** /tenant/:tenantId/control-plane (SPEC.md section 2, "Tenant control plane"). */
export function TenantControlPlanePage() {
  const { tenantId = '' } = useParams();
  const tenant = useTenant(tenantId);

  if (tenant.status === 'pending') {
    return (
      <p aria-busy="true" className="text-muted-foreground">
        Loading tenant control plane...
      </p>
    );
  }
  if (tenant.status === 'error') {
    if (tenant.error instanceof ApiError && tenant.error.status === 404) {
      return (
        <EmptyState
          title="Tenant not found"
          action={
            <Button asChild variant="outline">
              <Link to="/tenants">
                <ArrowLeft aria-hidden="true" />
                Back to Tenants
              </Link>
            </Button>
          }
        />
      );
    }
    return (
      <ErrorState
        error={tenant.error}
        title="Could not load the tenant"
        onRetry={() => void tenant.refetch()}
      />
    );
  }

  return (
    <div className="space-y-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
        <Link to="/tenants">
          <ArrowLeft aria-hidden="true" />
          Back to Tenants
        </Link>
      </Button>
      <PageHeader
        title={tenant.data.name}
        description="Capability configuration, data governance and blue-green deployment for this tenant."
      />
      <Tabs defaultValue="capabilities" className="space-y-4">
        <TabsList>
          <TabsTrigger value="capabilities">Capabilities</TabsTrigger>
          <TabsTrigger value="configuration">Configuration</TabsTrigger>
        </TabsList>
        <TabsContent value="capabilities">
          <CapabilitiesTab tenant={tenant.data} />
        </TabsContent>
        <TabsContent value="configuration">
          <ConfigurationTab tenant={tenant.data} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
