import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';

/** Search users by name or email. */
export function UsersToolbar({
  search,
  onSearchChange,
}: {
  search: string;
  onSearchChange: (q: string) => void;
}) {
  return (
    <div role="search" aria-label="User filters" className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label="Search users"
        placeholder="Search users by name or email..."
        className="pl-9"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
    </div>
  );
}
