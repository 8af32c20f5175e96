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

type OptionItemProps = {
  /** The option's element id; its label and detail hang off it. */
  id: string;
  option: Option;
  active: boolean;
  selected: boolean;
  checkIcon: LucideIcon;
  onHover: () => void;
  onPick: () => void;
};

function OptionItem({ id, option, active, selected, checkIcon: Check, onHover, onPick }: OptionItemProps) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      // The label names the option (so it can be picked by name); the detail describes it.
      aria-labelledby={`${id}-label`}
      aria-describedby={option.detail ? `${id}-detail` : undefined}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
        active && 'bg-accent text-accent-foreground',
      )}
      onMouseMove={onHover}
      // mousedown, not click: keeps focus in the search box until the pick closes the popover.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPick}
    >
      <Check className={cn('size-4 shrink-0', !selected && 'invisible')} aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span id={`${id}-label`} className="block truncate">
          {option.label}
        </span>
        {option.detail && (
          <span id={`${id}-detail`} className="block truncate text-xs text-muted-foreground">
            {option.detail}
          </span>
        )}
      </span>
    </li>
  );
}

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
          <OptionItem
            key={option.id || '__empty'}
            id={`${id}-${index}`}
            option={option}
            active={index === active}
            selected={option.id === value}
            checkIcon={Check}
            onHover={() => props.onHover(index)}
            onPick={() => props.onPick(option)}
          />
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
