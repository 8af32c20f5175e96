import { controlPlaneRegions, type Environment } from '@contract/vocabulary';
import type { Tenant, TenantPatch } from '@contract/tenants';
import { useState } from 'react';
import { notifyError, notifySuccess } from '@/components/notify';
import { useConflictAwareSave, type FormLike } from '@/concurrency';
import {
  parseOverrides,
  serializeOverrides,
  setOverrideRegion,
  setRegionAllowed,
  type Overrides,
} from '@/lib/region-policies';
import { useUpdateTenant, useWideningConfirmation } from '@/tenants';

type RegionState = { allowed: string[]; overrides: Overrides };

const regionState = (tenant: Tenant): RegionState => ({
  allowed: tenant.allowedRegions ?? [],
  overrides: parseOverrides(tenant.environmentRegionPolicies),
});

/**
 * Region Configuration's state (allowed regions and per-environment overrides) and its save: under
 * If-Match, asking first where a change would widen an environment's regions.
 */
export function useRegionSave(tenant: Tenant) {
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

  const widening = useWideningConfirmation();
  // The promise, not mutate's per-call callbacks: a save re-keys the card (it restarts from the saved
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

  return {
    state,
    /** The allowed regions in the 11 regions' order. */
    allowed,
    conflict,
    save,
    pending: update.isPending,
    /** The confirmation of a widening save, to render with the card. */
    wideningDialog: () => widening.dialog(update.isPending, send),
    onAllowed: (region: string, on: boolean) => setState((s) => setRegionAllowed(s, region, on)),
    onOverride: (environment: Environment, region: string, on: boolean) =>
      setState((s) => ({ ...s, overrides: setOverrideRegion(s.overrides, environment, region, on) })),
  };
}
