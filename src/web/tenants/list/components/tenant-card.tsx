import type { Tenant } from '@contract/tenants';
import { CheckCircle2, Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { CardDetail, ResourceCard } from '@/components/resource-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { TenantCardActions, type TenantActionHandlers } from '@/tenants/list/components/tenant-card-actions';

const ENVIRONMENT_BADGES = [
  ['developmentEnabled', 'Dev'],
  ['uatEnabled', 'UAT'],
  ['productionEnabled', 'Prod'],
] as const;

function Configured() {
  return (
    <span className="inline-flex items-center gap-1 text-success">
      <CheckCircle2 className="size-3.5" aria-hidden="true" />
      Configured
    </span>
  );
}

const controlPlanePath = (tenant: Tenant) => `/tenant/${encodeURIComponent(tenant.id)}/control-plane`;

const orNotSet = (value: string | null) => value || <span className="text-muted-foreground">Not set</span>;

/** The tenant's enabled environments as badges. */
function TenantEnvironments({ tenant }: { tenant: Tenant }) {
  const environments = ENVIRONMENT_BADGES.filter(([field]) => tenant[field]);
  return (
    <div className="flex flex-wrap gap-1" data-testid="tenant-environments">
      {environments.length === 0 ? (
        <span className="text-muted-foreground">No environments enabled</span>
      ) : (
        environments.map(([field, label]) => (
          <Badge key={field} variant="outline">
            {label}
          </Badge>
        ))
      )}
    </div>
  );
}

/** One tenant on Tenant Management (docs/product.md, Tenant Management): every field and its wording. */
export function TenantCard({ tenant, ...handlers }: { tenant: Tenant } & TenantActionHandlers) {
  return (
    <ResourceCard
      data-testid="tenant-card"
      name={tenant.name}
      title={
        <Link
          to={controlPlanePath(tenant)}
          className="underline-offset-4 hover:underline focus-visible:underline"
        >
          {tenant.name}
        </Link>
      }
      description={tenant.description}
      status={tenant.status}
      actions={<TenantCardActions tenant={tenant} {...handlers} />}
      footer={
        <Button asChild variant="outline" size="sm" className="w-full">
          <Link to={controlPlanePath(tenant)}>
            <Settings2 aria-hidden="true" />
            Control Plane
          </Link>
        </Button>
      }
    >
      <p>
        <span className="text-muted-foreground">Owner: </span>
        <span data-testid="tenant-owner">{tenant.owner}</span>
      </p>
      <TenantEnvironments tenant={tenant} />
      <dl className="space-y-1.5">
        <CardDetail label="Identity Provider">{orNotSet(tenant.idpProvider)}</CardDetail>
        <CardDetail label="Auth Provider">{orNotSet(tenant.authProvider)}</CardDetail>
        {tenant.apiGatewayConfiguration && (
          <CardDetail label="API Gateway">
            <Configured />
          </CardDetail>
        )}
        {tenant.policyServerConfiguration && (
          <CardDetail label="Policy Server">
            <Configured />
          </CardDetail>
        )}
        <CardDetail label="Region">{orNotSet(tenant.dataResidency)}</CardDetail>
        <CardDetail label="Classification">{orNotSet(tenant.dataClassification)}</CardDetail>
        <CardDetail label="DR Tier">
          {orNotSet(tenant.disasterRecoveryRequirements?.toUpperCase() ?? null)}
        </CardDetail>
        <CardDetail label="Created">{formatDate(tenant.createdAt)}</CardDetail>
      </dl>
    </ResourceCard>
  );
}
