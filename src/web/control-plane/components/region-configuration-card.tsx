import { controlPlaneRegions, type Environment } from '@contract/common';
import type { Tenant, TenantPatch } from '@contract/tenants';
import { useState } from 'react';
import { ConflictAlert } from '@/components/conflict-alert';
import { useCanOnTenant } from '@/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useUpdateTenant, useWideningConfirmation } from '@/tenants';
import { RegionCheckboxes } from '@/control-plane/components/region-checkboxes';
import { notifyError, notifySuccess } from '@/components/notify';
import { useConflictAwareSave, type FormLike } from '@/components/use-conflict-aware-save';
import {
  OVERRIDE_ENVIRONMENTS,
  isEnvironmentEnabled,
  parseOverrides,
  serializeOverrides,
  setOverrideRegion,
  setRegionAllowed,
  type Overrides,
} from '@/lib/region-policies';

type RegionState = { allowed: string[]; overrides: Overrides };

const regionState = (tenant: Tenant): RegionState => ({
  allowed: tenant.allowedRegions ?? [],
  overrides: parseOverrides(tenant.environmentRegionPolicies),
});

/**
 * Allowed regions and, once any is allowed, per-environment overrides within them (docs/product.md,
 * Tenant control plane and Validation).
 */
export function RegionConfigurationCard({ tenant }: { tenant: Tenant }) {
  const canConfigure = useCanOnTenant(tenant.id, 'configure');
  const update = useUpdateTenant(tenant.id);
  const [state, setState] = useState<RegionState>(() => regionState(tenant));
  // The checkboxes live in state, not react-hook-form: hand the conflict hook the same three moves.
  const form: FormLike<RegionState> = {
    getValues: () => state,
    reset: setState,
    setValue: (field: keyof RegionState, value: never) => setState((s) => ({ ...s, [field]: value })),
  };
  const conflict = useConflictAwareSave({
    form,
    resource: tenant,
    toFormValues: regionState,
    what: 'tenant',
    labels: { allowed: 'Allowed Regions', overrides: 'Environment overrides' },
  });
  // Keep the 11 regions' order, whatever order they were checked in.
  const allowed = controlPlaneRegions.filter((region) => state.allowed.includes(region));
  const environments = OVERRIDE_ENVIRONMENTS.filter(({ environment }) =>
    isEnvironmentEnabled(tenant, environment),
  );
  const disabled = !canConfigure || update.isPending;

  const widening = useWideningConfirmation();
  // The promise, not mutate's per-call callbacks: a save re-keys this card (it restarts from the saved
  // tenant), and an unmounted card's callbacks never run, so the toast would be lost.
  const send = (patch: TenantPatch) =>
    update.mutateAsync({ patch, ifMatch: conflict.revision() }).then(
      (saved) => {
        widening.close();
        conflict.saved(saved);
        notifySuccess('Configuration updated', 'Tenant configuration has been saved successfully.');
      },
      (error: unknown) => {
        // Someone else's change shows the conflict; a change that would widen an environment's regions
        // asks first; other failures toast.
        if (!conflict.handleError(error) && !widening.offer(error, patch)) {
          notifyError(error, 'Failed to update configuration.');
        }
      },
    );
  const save = () =>
    send({
      allowedRegions: allowed,
      environmentRegionPolicies: serializeOverrides(state.overrides, allowed, tenant),
    });

  const onOverride = (environment: Environment, region: string, on: boolean) =>
    setState((s) => ({ ...s, overrides: setOverrideRegion(s.overrides, environment, region, on) }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Region Configuration</CardTitle>
        <CardDescription>
          The AWS regions this tenant may run in, and optional limits per environment.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ConflictAlert save={conflict} onOverwrite={save} />
        <RegionCheckboxes
          legend="Allowed Regions"
          idPrefix="allowed"
          regions={controlPlaneRegions}
          checked={state.allowed}
          disabled={disabled}
          onChange={(region, on) => setState((s) => setRegionAllowed(s, region, on))}
        />
        {allowed.length > 0 && environments.length > 0 && (
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
                checked={state.overrides[environment] ?? []}
                disabled={disabled}
                onChange={(region, on) => onOverride(environment, region, on)}
              />
            ))}
          </div>
        )}
      </CardContent>
      {canConfigure && (
        <CardFooter>
          <Button onClick={save} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Configuration'}
          </Button>
        </CardFooter>
      )}
      {widening.dialog(update.isPending, send)}
    </Card>
  );
}
