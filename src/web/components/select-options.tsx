import type { ReactNode } from 'react';
import { SelectContent, SelectItem } from '@/components/ui/select';

export type SelectOption = { value: string; label: ReactNode };

/** A Select's menu: an item per option, shown by its label; `leading` items first (an "All" entry). */
export function SelectOptions({
  options,
  leading,
}: {
  options: readonly SelectOption[];
  leading?: ReactNode;
}) {
  return (
    <SelectContent>
      {leading}
      {options.map((option) => (
        <SelectItem key={option.value} value={option.value}>
          {option.label}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
