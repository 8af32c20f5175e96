import type { SortValue } from '@contract/lists';
import { SelectOptions } from '@/components/select-options';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';

export type SortOption<F extends string> = { value: SortValue<F>; label: string };

type SortSelectProps<F extends string> = {
  sort: SortValue<F>;
  options: readonly SortOption<F>[];
  onSort: (sort: SortValue<F>) => void;
  label?: string;
};

/** Sorting for lists shown as cards, which have no column headers to click. */
export function SortSelect<F extends string>({
  sort,
  options,
  onSort,
  label = 'Sort by',
}: SortSelectProps<F>) {
  return (
    <Select
      value={sort}
      onValueChange={(value) => {
        const picked = options.find((option) => option.value === value);
        if (picked) onSort(picked.value);
      }}
    >
      <SelectTrigger aria-label={label} className="w-full sm:w-48">
        <SelectValue />
      </SelectTrigger>
      <SelectOptions options={options} />
    </Select>
  );
}
