import type { ReactNode } from 'react';
import { SearchInput } from '@/components/list/search-input';
import { cn } from '@/lib/utils';

type SearchToolbarProps = {
  /** The search landmark's name, e.g. "Mesh filters". */
  label: string;
  q: string;
  onSearch: (q: string) => void;
  searchLabel: string;
  placeholder: string;
  /** Added before the row's own classes (spacing around it). */
  className?: string;
  /** The controls beside the search box (a filter, a sort). */
  children: ReactNode;
};

/** A registry list's search landmark: the server-side search box, then its filter or sort. */
export function SearchToolbar({
  label,
  q,
  onSearch,
  searchLabel,
  placeholder,
  className,
  children,
}: SearchToolbarProps) {
  return (
    <div
      className={cn(className, 'flex flex-col gap-3 sm:flex-row sm:items-center')}
      role="search"
      aria-label={label}
    >
      <SearchInput
        value={q}
        onSearch={onSearch}
        label={searchLabel}
        placeholder={placeholder}
        className="flex-1"
      />
      {children}
    </div>
  );
}
