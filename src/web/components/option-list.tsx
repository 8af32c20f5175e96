import type { LucideIcon } from 'lucide-react';
import type { Option } from '@contract/lists';
import { cn } from '@/lib/utils';

type OptionListProps = {
  id: string;
  label: string;
  entries: Option[];
  active: number;
  value: string;
  loading: boolean;
  error: boolean;
  total?: number;
  shown: number;
  onHover: (index: number) => void;
  onPick: (option: Option) => void;
  checkIcon: LucideIcon;
};

/** The listbox of ServerCombobox; focus stays in its search box, which points here with aria-activedescendant. */
export function OptionList(props: OptionListProps) {
  const { id, entries, active, value, loading, error, total, shown, checkIcon: Check } = props;
  const status = error
    ? 'Could not load the options'
    : loading && shown === 0
      ? 'Loading...'
      : entries.length === 0
        ? 'No results'
        : null;
  return (
    <div className="mt-2">
      <ul
        id={id}
        role="listbox"
        aria-label={props.label}
        aria-busy={loading || undefined}
        className="max-h-64 overflow-y-auto"
      >
        {entries.map((option, index) => (
          <li
            key={option.id || '__empty'}
            id={`${id}-${index}`}
            role="option"
            aria-selected={option.id === value}
            // The label names the option (so it can be picked by name); the detail describes it.
            aria-labelledby={`${id}-${index}-label`}
            aria-describedby={option.detail ? `${id}-${index}-detail` : undefined}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
              index === active && 'bg-accent text-accent-foreground',
            )}
            onMouseMove={() => props.onHover(index)}
            // mousedown, not click: keeps focus in the search box until the pick closes the popover.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => props.onPick(option)}
          >
            <Check className={cn('size-4 shrink-0', option.id !== value && 'invisible')} aria-hidden="true" />
            <span className="min-w-0 flex-1">
              <span id={`${id}-${index}-label`} className="block truncate">
                {option.label}
              </span>
              {option.detail && (
                <span id={`${id}-${index}-detail`} className="block truncate text-xs text-muted-foreground">
                  {option.detail}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {status && (
        <p role="status" className="px-2 py-4 text-center text-sm text-muted-foreground">
          {status}
        </p>
      )}
      {total !== undefined && total > shown && !status && (
        <p className="px-2 pt-2 text-xs text-muted-foreground">
          {shown} of {total}: type to narrow the search
        </p>
      )}
    </div>
  );
}
