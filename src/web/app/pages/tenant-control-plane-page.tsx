import { ArrowLeft } from 'lucide-react';
import type { Tenant } from '@contract/tenants';
import { Link, useParams } from 'react-router';
import { ApprovalPolicyCard } from '@/changes';
import { GitSection, TenantConfigActions } from '@/config-as-code';
import { BackLink } from '@/components/back-link';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { useTenant } from '@/tenants';
import { CapabilitiesTab, ConfigurationTab, useControlPlaneParams } from '@/control-plane';
import { GatewayTab } from '@/gateway';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /tenant/:tenantId/control-plane (docs/product.md, Tenant control plane). */
export function TenantControlPlanePage() {
  const { tenantId = '' } = useParams();
  const query = useTenant(tenantId);
  useDocumentTitle(query.data?.name, 'Control Plane');

  if (query.status === 'pending') {
    return (
      <p aria-busy="true" className="text-muted-foreground">
        Loading tenant control plane...
      </p>
    );
  }
  if (query.status === 'error') {
    if (query.error instanceof ApiError && query.error.status === 404) {
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
        error={query.error}
        title="Could not load the tenant"
        onRetry={() => void query.refetch()}
      />
    );
  }

  return <ControlPlane tenant={query.data} />;
}

/** The loaded page: its tab and context come from the address. */
function ControlPlane({ tenant }: { tenant: Tenant }) {
  const { tab, context, setTab, setEnvironment, setRegion } = useControlPlaneParams(tenant);
  return (
    <div className="space-y-6">
      <BackLink to="/tenants" className="w-fit">
        Back to Tenants
      </BackLink>
      <PageHeader
        title={tenant.name}
        description="Capability configuration, data governance, blue-green deployment, gateway routes and policies for this tenant."
        actions={<TenantConfigActions tenantId={tenant.id} name={tenant.name} />}
      />
      <Tabs value={tab} onValueChange={setTab} className="space-y-4">
        <TabsList className="h-auto max-w-full flex-wrap">
          <TabsTrigger value="capabilities">Capabilities</TabsTrigger>
          <TabsTrigger value="configuration">Configuration</TabsTrigger>
          <TabsTrigger value="gateway">Gateway &amp; Policies</TabsTrigger>
        </TabsList>
        <TabsContent value="capabilities">
          <CapabilitiesTab
            tenant={tenant}
            context={context}
            onEnvironmentChange={setEnvironment}
            onRegionChange={setRegion}
            onEditRegionPolicy={() => setTab('configuration')}
          />
        </TabsContent>
        <TabsContent value="configuration">
          <div className="space-y-6">
            <ConfigurationTab tenant={tenant} />
            <ApprovalPolicyCard tenantId={tenant.id} />
            <GitSection tenantId={tenant.id} name={tenant.name} />
          </div>
        </TabsContent>
        <TabsContent value="gateway">
          <GatewayTab
            tenant={tenant}
            environment={context.environment}
            onEnvironmentChange={setEnvironment}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
