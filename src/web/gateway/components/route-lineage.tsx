import { zodResolver } from '@hookform/resolvers/zod';
import { gatewayRouteSortFields, type GatewayRoute } from '@contract/gateway';
import { Route as RouteIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import type { LineageEntry } from '@/gateway/components/lineage-entry';
import { MethodBadges } from '@/gateway/components/method-badge';
import { RouteFormFields } from '@/gateway/components/route-form-fields';
import { describeRoute } from '@/gateway/lib/describe-version';
import { routeName } from '@/gateway/lib/lineage-names';
import {
  rateLimitLabel,
  routeFormDefaults,
  routeFormFields,
  routeFormLabels,
  routeFormSchema,
  toRouteFields,
  type RouteFormValues,
} from '@/gateway/lib/route-form';

/** A route's form values: its version's, or a new route's defaults. */
const values = (route: GatewayRoute | undefined) => routeFormDefaults(route);

/** Gateway routes: what the API gateway exposes, per subscribed capability. */
export const routeLineage: LineageEntry<'routes', RouteFormValues> = {
  kind: 'routes',
  noun: 'route',
  Noun: 'Route',
  describe: describeRoute,
  list: {
    id: 'gateway-routes',
    title: 'Routes',
    tableLabel: 'Gateway routes',
    icon: RouteIcon,
    description: (where) => `What the API gateway exposes in ${where}, per subscribed capability.`,
    searchLabel: 'Search routes by path or target',
    emptyTitle: (where) => `No gateway routes in ${where} yet`,
    errorTitle: 'Could not load the gateway routes',
    sortFields: gatewayRouteSortFields,
    defaultSort: 'path',
    prefix: 'route',
    nameOf: routeName,
    columns: [
      { header: 'Methods', cell: (route) => <MethodBadges methods={route.methods} /> },
      {
        header: 'Path',
        sort: 'path',
        className: 'font-mono text-xs font-medium',
        cell: (route) => route.path,
      },
      { header: 'Capability', sort: 'capabilityId', cell: (route, name) => name(route.capabilityId) },
      {
        header: 'Target',
        sort: 'targetService',
        className: 'max-w-64 truncate font-mono text-xs',
        title: (route) => route.targetService,
        cell: (route) => route.targetService,
      },
      {
        header: 'Auth',
        cell: (route) => (
          <Badge variant={route.authRequired ? 'secondary' : 'outline'}>
            {route.authRequired ? 'Required' : 'Public'}
          </Badge>
        ),
      },
      { header: 'Rate limit', className: 'tabular-nums', cell: (route) => rateLimitLabel(route.rateLimit) },
    ],
  },
  form: {
    width: 'sm:max-w-2xl',
    aNew: 'A gateway route',
    label: (route) => route.path,
    useForm: (route) =>
      useForm({
        resolver: zodResolver(routeFormSchema),
        defaultValues: values(route),
      }),
    values,
    labels: routeFormLabels,
    toFields: toRouteFields,
    toCreate: (values, environment) => ({
      ...toRouteFields(values),
      capabilityId: values.capabilityId,
      environment,
    }),
    createChange: (tenantId, body) => ({ kind: 'gateway_route.create', tenantId, body }),
    editChange: (tenantId, lineageId, body) => ({ kind: 'gateway_route.edit', tenantId, lineageId, body }),
    issueField: (field) => routeFormFields.find((name) => name === field),
    // A 409 lands on the capability (not subscribed) or the path (served by another active route).
    conflictFields: { capability: 'capabilityId', other: 'path' },
    Fields: RouteFormFields,
  },
};
