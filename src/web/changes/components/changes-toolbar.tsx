import { CHANGE_KIND_LABELS, changeKinds } from '@contract/changes';
import { environments } from '@contract/common';
import type { ComponentType } from 'react';
import { CHANGE_TABS, DEFAULT_TAB, type ChangesView } from '@/changes/lib/changes-view';
import { FilterSelect } from '@/components/list/filter-select';
import { SearchInput } from '@/components/list/search-input';
import { Button } from '@/components/ui/button';
import { environmentLabel } from '@/lib/format';

const environmentOptions = environments.map((value) => ({ value, label: environmentLabel(value) }));
const kindOptions = changeKinds.map((value) => ({ value, label: CHANGE_KIND_LABELS[value] }));

/**
 * The tenant filter's picker. The app passes the tenants feature's TenantCombobox (src/web/app/pages):
 * the tenants feature imports this one for its request dialogs, so this one may not import it back.
 */
export type TenantPicker = ComponentType<{
  label: string;
  emptyLabel: string;
  className: string;
  value: string;
  onChange: (tenantId: string) => void;
}>;

/** The segment (whose requests, or where they stand), then search, tenant, environment and kind. */
export function ChangesToolbar({ view, TenantPicker }: { view: ChangesView; TenantPicker: TenantPicker }) {
  return (
    <div className="space-y-4">
      <div
        role="group"
        aria-label="Which change requests"
        className="inline-flex max-w-full flex-wrap gap-1 rounded-lg bg-muted p-1"
      >
        {CHANGE_TABS.map((tab) => {
          const pressed = view.tab === tab.value;
          return (
            <Button
              key={tab.value}
              type="button"
              size="sm"
              variant={pressed ? 'outline' : 'ghost'}
              aria-pressed={pressed}
              className={pressed ? 'bg-background shadow-sm' : 'text-muted-foreground'}
              onClick={() => view.setFilter('tab', tab.value === DEFAULT_TAB ? '' : tab.value)}
            >
              {tab.label}
            </Button>
          );
        })}
      </div>
      <div
        className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center"
        role="group"
        aria-label="Change request filters"
      >
        <SearchInput
          value={view.q}
          onSearch={view.setSearch}
          label="Search change requests"
          placeholder="Search by title or requester..."
          className="lg:flex-1"
        />
        <TenantPicker
          label="Tenant filter"
          emptyLabel="All tenants"
          className="lg:w-52"
          value={view.filters.tenantId}
          onChange={(value) => view.setFilter('tenantId', value)}
        />
        <FilterSelect
          label="Environment filter"
          allLabel="All environments"
          options={environmentOptions}
          value={view.filters.environment}
          onChange={(value) => view.setFilter('environment', value)}
        />
        <FilterSelect
          label="Kind filter"
          allLabel="All kinds"
          options={kindOptions}
          value={view.filters.kind}
          onChange={(value) => view.setFilter('kind', value)}
          className="w-full sm:w-60"
        />
      </div>
    </div>
  );
}
