import { SearchInput } from '@/components/list/search-input';
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
    <div
      className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center"
      role="search"
      aria-label="Mesh filters"
    >
      <SearchInput
        value={q}
        onSearch={onSearch}
        label="Search web app meshes"
        placeholder="Search meshes..."
        className="flex-1"
      />
      <TenantCombobox
        label="Tenant filter"
        value={tenantId}
        onChange={onTenantChange}
        emptyLabel="All tenants"
        className="sm:w-56"
      />
    </div>
  );
}
