import { capabilitySortFields } from '@contract/list-conventions';
import { isOneOf } from '@contract/sets';
import { capabilityStatuses } from '@contract/vocabulary';
import type { RouteQuery } from '@/app/route-query';
import { capabilitiesQueryOptions } from '@/capabilities';
import { listQueryOf } from '@/hooks/use-list-url-state';

/** /apis (src/web/capabilities/components/capabilities-page.tsx): one page of capabilities. */
export function queries(params: URLSearchParams): RouteQuery[] {
  const view = listQueryOf(params, {
    sortFields: capabilitySortFields,
    defaultSort: 'name',
    filters: ['status', 'category'],
  });
  // As the page: a status outside the vocabulary is not sent.
  return [
    capabilitiesQueryOptions({
      ...view,
      status: isOneOf(capabilityStatuses, view.status) ? view.status : undefined,
    }),
  ];
}
