import { zodResolver } from '@hookform/resolvers/zod';
import type { Environment } from '@contract/common';
import type { GatewayRoute } from '@contract/gateway';
import { useForm } from 'react-hook-form';
import { ConflictAlert } from '@/components/conflict-alert';
import { DialogForm } from '@/components/dialog-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { applyServerIssues } from '@/lib/server-issues';
import { useConflictAwareSave } from '@/lib/use-conflict-aware-save';
import { environmentName } from '@/tenants/control-plane/lib/labels';
import { useCreateLineage } from '@/tenants/gateway/api/create-lineage';
import { useUpdateLineage } from '@/tenants/gateway/api/update-lineage';
import { NewestVersionGate } from '@/tenants/gateway/components/newest-version-gate';
import { RouteFormFields } from '@/tenants/gateway/components/route-form-fields';
import { conflictFieldOf } from '@/tenants/gateway/lib/conflict-field';
import {
  routeFormDefaults,
  routeFormFields,
  routeFormLabels,
  routeFormSchema,
  toRouteFields,
  type RouteFormValues,
} from '@/tenants/gateway/lib/route-form';

type RouteFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tenantId: string;
  environment: Environment;
  /** Edit this route (a new version); without it, create one. */
  route?: GatewayRoute;
};

/** Create Route or Edit Route: one form on the contract's fields. */
export function RouteFormDialog({ open, onOpenChange, tenantId, environment, route }: RouteFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{route ? 'Edit Route' : 'Create Route'}</DialogTitle>
          <DialogDescription>
            {route
              ? `Saving adds a new version of ${route.path} in ${environmentName(environment)} and makes it active.`
              : `A gateway route in ${environmentName(environment)}, for every region of the environment.`}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the route's current values. */}
        {open &&
          (route ? (
            <NewestVersionGate kind="routes" tenantId={tenantId} row={route}>
              {(newest) => (
                <RouteForm
                  tenantId={tenantId}
                  environment={environment}
                  route={{ ...route, revision: newest }}
                  onDone={() => onOpenChange(false)}
                />
              )}
            </NewestVersionGate>
          ) : (
            <RouteForm tenantId={tenantId} environment={environment} onDone={() => onOpenChange(false)} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

type RouteFormProps = {
  tenantId: string;
  environment: Environment;
  /** The route with its lineage's newest version number as the revision to send. */
  route?: GatewayRoute & { revision: number };
  onDone: () => void;
};

function RouteForm({ tenantId, environment, route, onDone }: RouteFormProps) {
  const create = useCreateLineage('routes', tenantId);
  const update = useUpdateLineage('routes', tenantId);
  const pending = create.isPending || update.isPending;
  const form = useForm<RouteFormValues>({
    resolver: zodResolver(routeFormSchema),
    defaultValues: routeFormDefaults(route),
  });
  const conflict = useConflictAwareSave({
    form,
    resource: route,
    toFormValues: (resource: GatewayRoute) => routeFormDefaults(resource),
    what: 'route',
    labels: routeFormLabels,
  });

  const onError = (error: unknown, fallback: string) => {
    if (conflict.handleError(error)) return;
    // A 409 lands on the capability (not subscribed) or the path (served by another active route).
    applyServerIssues(
      error,
      form.setError,
      (field) => routeFormFields.find((name) => name === field),
      conflictFieldOf(error, { capability: 'capabilityId', other: 'path' }),
    );
    notifyError(error, fallback);
  };

  const onSubmit = form.handleSubmit((values) => {
    const fields = toRouteFields(values);
    const where = environmentName(environment);
    if (route) {
      update.mutate(
        { lineageId: route.lineageId, fields, ifMatch: conflict.revision() },
        {
          onSuccess: (saved) => {
            notifySuccess(
              'Route updated',
              `Version ${saved.version} of ${saved.path} is active in ${where}.`,
            );
            onDone();
          },
          onError: (error) => onError(error, 'Failed to update route'),
        },
      );
    } else {
      create.mutate(
        { ...fields, capabilityId: values.capabilityId, environment },
        {
          onSuccess: (saved) => {
            notifySuccess('Route created', `${saved.path} is active in ${where}.`);
            onDone();
          },
          onError: (error) => onError(error, 'Failed to create route'),
        },
      );
    }
  });

  return (
    <DialogForm
      label={route ? 'Edit route' : 'Create route'}
      pending={pending}
      submitLabel={pending ? 'Saving...' : route ? 'Save Changes' : 'Create Route'}
      onSubmit={onSubmit}
    >
      <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
      <RouteFormFields form={form} tenantId={tenantId} environment={environment} editing={!!route} />
    </DialogForm>
  );
}
