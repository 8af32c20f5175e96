import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';

/** Filters tenants by name or owner (the page debounces and asks the server). */
export function TenantsSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative max-w-md" role="search" aria-label="Tenant filters">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label="Search tenants"
        placeholder="Search by tenant name or owner..."
        className="pl-9"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
