import { microfrontendSortFields } from '@contract/list-conventions';
import type { RouteQuery } from '@/app/route-query';
import { listQueryOf } from '@/hooks/use-list-url-state';
import { microfrontendsQueryOptions } from '@/microfrontends';

/** /microfrontends (its page's list state): one page of cards, their versions included. */
export const queries = (params: URLSearchParams): RouteQuery[] => [
  microfrontendsQueryOptions(
    listQueryOf(params, { sortFields: microfrontendSortFields, defaultSort: 'name', filters: [] }),
  ),
];
