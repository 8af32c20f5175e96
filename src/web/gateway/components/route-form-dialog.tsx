import { zodResolver } from '@hookform/resolvers/zod';
import type { Environment } from '@contract/common';
import type { GatewayRoute } from '@contract/gateway';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { asDirectError, useChangeRequestForm } from '@/changes';
import { ConflictAlert } from '@/components/conflict-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notifyError, notifySuccess } from '@/components/notify';
import { applyServerIssues } from '@/lib/server-issues';
import { useConflictAwareSave } from '@/components/use-conflict-aware-save';
import { environmentName } from '@contract/common';
import { useCreateLineage } from '@/gateway/api/create-lineage';
import { invalidateLineages } from '@/gateway/api/gateway-keys';
import { useUpdateLineage } from '@/gateway/api/update-lineage';
import { DialogForm } from '@/components/dialog-form';
import { NewestVersionGate } from '@/gateway/components/newest-version-gate';
import { RouteFormFields } from '@/gateway/components/route-form-fields';
import { conflictFieldOf } from '@/gateway/lib/conflict-field';
import {
  routeFormDefaults,
  routeFormFields,
  routeFormLabels,
  routeFormSchema,
  toRouteFields,
  type RouteFormValues,
} from '@/gateway/lib/route-form';

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
  const queryClient = useQueryClient();
  // The tenant's approval policy for this environment decides: save directly, or request the change.
  const request = useChangeRequestForm({ tenantId, environment });
  const requesting = request.mode === 'request';
  const pending = create.isPending || update.isPending || request.pending;
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

  // A 409 lands on the capability (not subscribed) or the path (served by another active route).
  const showIssues = (error: unknown) =>
    applyServerIssues(
      error,
      form.setError,
      (field) => routeFormFields.find((name) => name === field),
      conflictFieldOf(error, { capability: 'capabilityId', other: 'path' }),
    );

  const onError = (error: unknown, fallback: string) => {
    // The policy changed since the dialog opened: it stays open and now requests the change.
    if (request.handleDirectError(error)) return;
    if (conflict.handleError(error)) return;
    showIssues(error);
    notifyError(error, fallback);
  };

  const onSubmit = form.handleSubmit((values) => {
    const fields = toRouteFields(values);
    const where = environmentName(environment);
    if (requesting) {
      if (!request.valid) return;
      request.submit(
        route
          ? { kind: 'gateway_route.edit', tenantId, lineageId: route.lineageId, body: fields }
          : {
              kind: 'gateway_route.create',
              tenantId,
              body: { ...fields, capabilityId: values.capabilityId, environment },
            },
        {
          // Nothing changes until the request applies; a bypass applies now.
          onSuccess: (created) => {
            if (created.status === 'applied') void invalidateLineages(queryClient, 'routes', tenantId);
            onDone();
          },
          // The change's issues (body.change.body.path...) are this form's own; the hook toasts.
          onError: (error) => showIssues(asDirectError(error)),
        },
      );
      return;
    }
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
      submitLabel={
        pending
          ? requesting
            ? 'Sending...'
            : 'Saving...'
          : requesting
            ? request.submitLabel
            : route
              ? 'Save Changes'
              : 'Create Route'
      }
      submitDisabled={request.mode === 'loading' || (requesting && !request.valid)}
      destructive={requesting && request.bypass}
      onSubmit={onSubmit}
    >
      <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
      <RouteFormFields form={form} tenantId={tenantId} environment={environment} editing={!!route} />
      {requesting && request.fields}
    </DialogForm>
  );
}
