import { useMemo } from 'react';
import { useIsAdmin } from '@/auth';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { useDeployments } from '@/deployments/api/get-deployments';
import { useRollouts } from '@/deployments/api/get-rollouts';
import { DeploymentDetails } from '@/deployments/components/deployment-details';
import { DeployIdleSlotDialog } from '@/deployments/components/deploy-idle-slot-dialog';
import { DeploymentFilters } from '@/deployments/components/deployment-filters';
import { SwitchSlotsButton } from '@/deployments/components/switch-slots-button';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import { useSelectedResource } from '@/deployments/lib/resource-options';
import { currentRollout } from '@/deployments/lib/rollouts';
import { useMicrofrontendVersions } from '@/microfrontends';

type DeploymentsPanelProps = {
  kind: ResourceKind;
  /** The chosen resource; undefined: the first of the list. */
  resourceId: string | undefined;
  environment: Environment;
  onResourceChange: (id: string) => void;
  onEnvironmentChange: (environment: Environment) => void;
};

/** The versions' names by id, for a microfrontend's slots (capabilities' slots name theirs). */
function useVersionNames(kind: ResourceKind, selectedId: string | undefined) {
  const versions = useMicrofrontendVersions(kind === 'microfrontends' ? selectedId : undefined);
  return useMemo(() => new Map((versions.data ?? []).map((v) => [v.id, v.version])), [versions.data]);
}

type PanelToolbarProps = Omit<DeploymentsPanelProps, 'resourceId'> & {
  selectedId: string | undefined;
  name: string | undefined;
  isAdmin: boolean;
  slots: ReturnType<typeof useDeployments>;
  rolloutInProgress: boolean;
};

/** The resource and environment pickers, Deploy to idle slot and Switch Slots. */
function PanelToolbar({ selectedId, name, isAdmin, slots, rolloutInProgress, ...props }: PanelToolbarProps) {
  const { kind, environment, onResourceChange, onEnvironmentChange } = props;
  const rows = slots.data ?? [];
  // What the filters show, and what the buttons act on.
  const shown = { kind, resourceId: selectedId, environment };
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <DeploymentFilters
        {...shown}
        onResourceChange={onResourceChange}
        onEnvironmentChange={onEnvironmentChange}
      />
      <div className="flex flex-wrap gap-2">
        {isAdmin && selectedId && slots.isSuccess && (
          <DeployIdleSlotDialog
            {...shown}
            resourceId={selectedId}
            resourceName={name ?? selectedId}
            rows={rows}
          />
        )}
        <SwitchSlotsButton
          {...shown}
          resourceName={name}
          rows={rows}
          canSwitch={isAdmin}
          canForce={isAdmin}
          rolloutInProgress={rolloutInProgress}
        />
      </div>
    </div>
  );
}

/** One type tab: choose the resource and environment, see and act on its two slots. */
export function DeploymentsPanel(props: DeploymentsPanelProps) {
  const { kind, resourceId, environment } = props;
  const isAdmin = useIsAdmin();
  const { selectedId, name, first, isEmpty } = useSelectedResource(kind, resourceId);
  const slots = useDeployments(kind, selectedId, environment);
  const rollouts = useRollouts(kind, selectedId, environment);
  const versionNames = useVersionNames(kind, selectedId);

  return (
    <div className="space-y-6">
      <PanelToolbar
        {...props}
        selectedId={selectedId}
        name={name}
        isAdmin={isAdmin}
        slots={slots}
        rolloutInProgress={!!currentRollout(rollouts.data)}
      />
      {first.isError ? (
        <ErrorState
          error={first.error}
          title={`Could not load ${kind}`}
          onRetry={() => void first.refetch()}
        />
      ) : isEmpty ? (
        <EmptyState
          title={kind === 'microfrontends' ? 'No microfrontends registered yet' : 'No capabilities available'}
        />
      ) : (
        <DeploymentDetails
          kind={kind}
          id={selectedId}
          name={name}
          environment={environment}
          slots={slots}
          rollouts={rollouts}
          versionNames={versionNames}
          isAdmin={isAdmin}
        />
      )}
    </div>
  );
}
