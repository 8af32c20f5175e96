import { SelectOptions } from '@/components/select-options';
import { Select, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** Radix Select refuses '' as an item value: "all" stands for no filter and maps back to ''. */
const ALL = 'all';

type FilterSelectProps = {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The no-filter entry, e.g. "All statuses". */
  allLabel: string;
  label: string;
  className?: string;
};

/** One filter of a list: '' (all) or one of `options`. */
export function FilterSelect({ value, onChange, options, allLabel, label, className }: FilterSelectProps) {
  return (
    <Select value={value || ALL} onValueChange={(next) => onChange(next === ALL ? '' : next)}>
      <SelectTrigger aria-label={label} className={className ?? 'w-full sm:w-44'}>
        <SelectValue />
      </SelectTrigger>
      <SelectOptions options={options} leading={<SelectItem value={ALL}>{allLabel}</SelectItem>} />
    </Select>
  );
}
