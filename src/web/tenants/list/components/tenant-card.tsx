import type { Tenant } from '@contract/tenants';
import { CheckCircle2, Settings2 } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { TenantCardActions, type TenantActionHandlers } from '@/tenants/list/components/tenant-card-actions';

const ENVIRONMENT_BADGES = [
  ['developmentEnabled', 'Dev'],
  ['uatEnabled', 'UAT'],
  ['productionEnabled', 'Prod'],
] as const;

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="truncate text-right font-medium">{children}</dd>
    </div>
  );
}

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

/** One tenant on Tenant Management (docs/product.md, Tenant Management): every field and its wording. */
export function TenantCard({ tenant, ...handlers }: { tenant: Tenant } & TenantActionHandlers) {
  const environments = ENVIRONMENT_BADGES.filter(([field]) => tenant[field]);
  return (
    <Card data-testid="tenant-card" aria-label={tenant.name} role="article" className="gap-4">
      <CardHeader>
        <CardTitle className="truncate">
          <Link
            to={controlPlanePath(tenant)}
            className="underline-offset-4 hover:underline focus-visible:underline"
          >
            {tenant.name}
          </Link>
        </CardTitle>
        <CardDescription className="line-clamp-2">{tenant.description}</CardDescription>
        <CardAction className="flex items-center gap-1">
          <StatusBadge status={tenant.status} />
          <TenantCardActions tenant={tenant} {...handlers} />
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>
          <span className="text-muted-foreground">Owner: </span>
          <span data-testid="tenant-owner">{tenant.owner}</span>
        </p>
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
        <dl className="space-y-1.5">
          <Detail label="Identity Provider">{orNotSet(tenant.idpProvider)}</Detail>
          <Detail label="Auth Provider">{orNotSet(tenant.authProvider)}</Detail>
          {tenant.apiGatewayConfiguration && (
            <Detail label="API Gateway">
              <Configured />
            </Detail>
          )}
          {tenant.policyServerConfiguration && (
            <Detail label="Policy Server">
              <Configured />
            </Detail>
          )}
          <Detail label="Region">{orNotSet(tenant.dataResidency)}</Detail>
          <Detail label="Classification">{orNotSet(tenant.dataClassification)}</Detail>
          <Detail label="DR Tier">
            {orNotSet(tenant.disasterRecoveryRequirements?.toUpperCase() ?? null)}
          </Detail>
          <Detail label="Created">{formatDate(tenant.createdAt)}</Detail>
        </dl>
      </CardContent>
      <CardFooter className="mt-auto">
        <Button asChild variant="outline" size="sm" className="w-full">
          <Link to={controlPlanePath(tenant)}>
            <Settings2 aria-hidden="true" />
            Control Plane
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
