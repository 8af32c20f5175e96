import { SearchToolbar } from '@/microfrontends/components/search-toolbar';
import { TenantCombobox } from '@/tenants';

type MeshesToolbarProps = {
  q: string;
  onSearch: (q: string) => void;
  /** '' is every tenant. */
  tenantId: string;
  onTenantChange: (tenantId: string) => void;
};

/** Server-side search of the meshes and the tenant filter (a searching picker). */
export function MeshesToolbar({ q, onSearch, tenantId, onTenantChange }: MeshesToolbarProps) {
  return (
    <SearchToolbar
      label="Mesh filters"
      className="mb-4"
      q={q}
      onSearch={onSearch}
      searchLabel="Search web app meshes"
      placeholder="Search meshes..."
    >
      <TenantCombobox
        label="Tenant filter"
        value={tenantId}
        onChange={onTenantChange}
        emptyLabel="All tenants"
        className="sm:w-56"
      />
    </SearchToolbar>
  );
}
