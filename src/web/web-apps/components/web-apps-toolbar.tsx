import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { statusOptions } from '@/web-apps/lib/web-app-form';

export const ALL_STATUSES = 'all';

type WebAppsToolbarProps = {
  search: string;
  onSearchChange: (search: string) => void;
  status: string;
  onStatusChange: (status: string) => void;
};

/** Search by name, description or technology; status filter: all, running, provisioning, stopped. */
export function WebAppsToolbar({ search, onSearchChange, status, onStatusChange }: WebAppsToolbarProps) {
  return (
    <div
      className="flex flex-col gap-3 sm:flex-row sm:items-center"
      role="search"
      aria-label="Application filters"
    >
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search applications"
          placeholder="Search by name, description or technology..."
          className="pl-9"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>
      <Select value={status} onValueChange={onStatusChange}>
        <SelectTrigger aria-label="Status filter" className="w-full sm:w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL_STATUSES}>All statuses</SelectItem>
          {statusOptions.map(({ value, label }) => (
            <SelectItem key={value} value={value}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
