import { controlPlaneRegions, type Environment } from '@contract/vocabulary';
import type { Tenant } from '@contract/tenants';
import { ConflictAlert } from '@/concurrency';
import { useCanOnTenant } from '@/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { RegionCheckboxes } from '@/control-plane/components/region-checkboxes';
import { useRegionSave } from '@/control-plane/components/use-region-save';
import { OVERRIDE_ENVIRONMENTS, isEnvironmentEnabled, type Overrides } from '@/lib/region-policies';

/**
 * Allowed regions and, once any is allowed, per-environment overrides within them (docs/product.md,
 * Tenant control plane and Validation).
 */
export function RegionConfigurationCard({ tenant }: { tenant: Tenant }) {
  const canConfigure = useCanOnTenant(tenant.id, 'configure');
  const regions = useRegionSave(tenant);
  const disabled = !canConfigure || regions.pending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Region Configuration</CardTitle>
        <CardDescription>
          The AWS regions this tenant may run in, and optional limits per environment.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ConflictAlert save={regions.conflict} onOverwrite={regions.save} />
        <RegionCheckboxes
          legend="Allowed Regions"
          idPrefix="allowed"
          regions={controlPlaneRegions}
          checked={regions.state.allowed}
          disabled={disabled}
          onChange={regions.onAllowed}
        />
        {regions.allowed.length > 0 && (
          <RegionOverrides
            tenant={tenant}
            allowed={regions.allowed}
            overrides={regions.state.overrides}
            disabled={disabled}
            onChange={regions.onOverride}
          />
        )}
      </CardContent>
      {canConfigure && (
        <CardFooter>
          <Button onClick={regions.save} disabled={regions.pending}>
            {regions.pending ? 'Saving...' : 'Save Configuration'}
          </Button>
        </CardFooter>
      )}
      {regions.wideningDialog()}
    </Card>
  );
}

/** One group of the allowed regions per enabled environment: the regions it is limited to, if any. */
function RegionOverrides({
  tenant,
  allowed,
  overrides,
  disabled,
  onChange,
}: {
  tenant: Tenant;
  allowed: string[];
  overrides: Overrides;
  disabled: boolean;
  onChange: (environment: Environment, region: string, on: boolean) => void;
}) {
  const environments = OVERRIDE_ENVIRONMENTS.filter(({ environment }) =>
    isEnvironmentEnabled(tenant, environment),
  );
  if (environments.length === 0) return null;
  return (
    <div className="space-y-4" data-testid="region-overrides">
      <p className="text-sm text-muted-foreground">
        Environment overrides (optional): limit an environment to some of the allowed regions.
      </p>
      {environments.map(({ environment, label }) => (
        <RegionCheckboxes
          key={environment}
          legend={`${label} Override`}
          idPrefix={`override-${environment}`}
          regions={allowed}
          checked={overrides[environment] ?? []}
          disabled={disabled}
          onChange={(region, on) => onChange(environment, region, on)}
        />
      ))}
    </div>
  );
}
