import { changeKindLabels, labelledChangeKinds } from '@contract/change-labels';
import { environments } from '@contract/vocabulary';
import {
  CHANGE_TABS,
  DEFAULT_TAB,
  type ChangesFilterName,
  type ChangesView,
} from '@/changes/lib/changes-view';
import { ListToolbar, type FilterPicker, type ListFilter } from '@/components/list/list-toolbar';
import { Button } from '@/components/ui/button';
import { environmentLabel } from '@/lib/format';

const environmentOptions = environments.map((value) => ({ value, label: environmentLabel(value) }));
const kindOptions = labelledChangeKinds.map((value) => ({ value, label: changeKindLabels[value] }));

/**
 * The tenant filter's picker. The app passes the tenants feature's TenantCombobox (src/web/app/pages):
 * the tenants feature imports this one for its request dialogs, so this one may not import it back.
 */
export type TenantPicker = FilterPicker;

const filters = (Picker: TenantPicker): ListFilter<ChangesFilterName>[] => [
  { name: 'tenantId', label: 'Tenant filter', allLabel: 'All tenants', className: 'lg:w-52', Picker },
  {
    name: 'environment',
    label: 'Environment filter',
    allLabel: 'All environments',
    options: environmentOptions,
  },
  {
    name: 'kind',
    label: 'Kind filter',
    allLabel: 'All kinds',
    options: kindOptions,
    className: 'w-full sm:w-60',
  },
];

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
      <ListToolbar
        view={view}
        label="Change request filters"
        search={{
          label: 'Search change requests',
          placeholder: 'Search by title or requester...',
          className: 'lg:flex-1',
        }}
        filters={filters(TenantPicker)}
      />
    </div>
  );
}
