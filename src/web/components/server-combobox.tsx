import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { Option } from '@contract/lists';
import { OptionList } from '@/components/option-list';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '@/components/list/search-input';
import type { Page } from '@/lib/list-request';
import { cn } from '@/lib/utils';

/** How a picker asks its options endpoint: a search, or exact ids (to label the current value). */
export type OptionsParams = { q?: string; ids?: string[] };
// The query key type is the resource's own (its key factory), so it is left open here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query key shape a factory builds
export type OptionsQuery = (params: OptionsParams) => UseQueryOptions<Page<Option>, Error, Page<Option>, any>;

type ServerComboboxProps = {
  value: string;
  onChange: (value: string) => void;
  optionsQuery: OptionsQuery;
  /** Accessible name of the trigger (use with a visible label's text). */
  label: string;
  id?: string;
  placeholder?: string;
  searchPlaceholder?: string;
  /** When set, a first entry with this label clears the value (e.g. "All tenants"). */
  emptyLabel?: string;
  /** Options the server offers but this picker may not take (e.g. tenants the user already has). */
  exclude?: (id: string) => boolean;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
};

/**
 * A picker that searches on the server as you type (so it never loads the whole set) and labels its
 * current value through `ids=`. Keyboard: arrows move, Enter picks, Escape closes.
 */
export function ServerCombobox(props: ServerComboboxProps) {
  const combobox = useServerCombobox(props);
  return (
    <Popover open={combobox.open} onOpenChange={combobox.onOpenChange}>
      <ComboboxTrigger props={props} combobox={combobox} />
      <ComboboxPanel props={props} combobox={combobox} />
    </Popover>
  );
}

type ComboboxState = ReturnType<typeof useServerCombobox>;
type ComboboxPartProps = { props: ServerComboboxProps; combobox: ComboboxState };

/** Where a key moves the highlight in a list of `count` entries, 'pick' for Enter, null for other keys. */
function keyMove(key: string, active: number, count: number): number | 'pick' | null {
  if (key === 'Enter') return 'pick';
  const moves: Record<string, number> = {
    ArrowDown: Math.min(active + 1, count - 1),
    ArrowUp: Math.max(active - 1, 0),
    Home: 0,
    End: count - 1,
  };
  return Object.hasOwn(moves, key) ? Math.max(0, moves[key] ?? 0) : null;
}

/** The search's results and the current value's label, and the entries the list shows. */
function useOptions(
  { value, optionsQuery, emptyLabel, exclude }: ServerComboboxProps,
  q: string,
  open: boolean,
) {
  // The previous results stay while the next search loads, so the list does not flash empty.
  const results = useQuery({
    ...optionsQuery({ q: q || undefined }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const selected = useQuery({ ...optionsQuery({ ids: [value] }), enabled: value !== '' });
  const selectedLabel =
    value === ''
      ? emptyLabel
      : (selected.data?.rows.find((option) => option.id === value)?.label ??
        results.data?.rows.find((option) => option.id === value)?.label);
  const entries: Option[] = [
    ...(emptyLabel && !q ? [{ id: '', label: emptyLabel, detail: null }] : []),
    ...(results.data?.rows ?? []).filter((option) => !exclude?.(option.id)),
  ];
  return { results, selected, selectedLabel, entries };
}

/** The open, search text and highlighted entry of a ServerCombobox, its two queries, and what they derive. */
function useServerCombobox(props: ServerComboboxProps) {
  const { onChange } = props;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { results, selected, selectedLabel, entries } = useOptions(props, q, open);

  const pick = (option: Option | undefined) => {
    if (!option) return;
    onChange(option.id);
    setOpen(false);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const move = keyMove(event.key, active, entries.length);
    if (move === null) return;
    event.preventDefault();
    if (move === 'pick') pick(entries[active]);
    else setActive(move);
  };
  // Opening or closing starts a fresh search from the top.
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setText('');
    setActive(0);
  };
  const onSearch = (next: string) => {
    setText(next);
    setActive(0);
  };

  const loading = results.isPending || results.isPlaceholderData || q !== text.trim();
  return {
    open,
    text,
    active,
    setActive,
    listId,
    results,
    selected,
    selectedLabel,
    entries,
    loading,
    pick,
    onKeyDown,
    onOpenChange,
    onSearch,
  };
}

/** The button that shows the current value's label and opens the popover. */
function ComboboxTrigger({ props, combobox }: ComboboxPartProps) {
  const { value, label, id, placeholder = 'Select...' } = props;
  const { open, listId, selectedLabel, selected } = combobox;
  return (
    <PopoverTrigger asChild>
      <Button
        id={id}
        type="button"
        variant="outline"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-invalid={props.invalid || undefined}
        disabled={props.disabled}
        className={cn('w-full justify-between font-normal', props.className)}
      >
        <span className={cn('truncate', selectedLabel === undefined && 'text-muted-foreground')}>
          {selectedLabel ?? (value && selected.isPending ? 'Loading...' : placeholder)}
        </span>
        <ChevronsUpDown className="opacity-50" aria-hidden="true" />
      </Button>
    </PopoverTrigger>
  );
}

/** The popover's search box and the option list it drives by aria-activedescendant. */
function ComboboxPanel({ props, combobox }: ComboboxPartProps) {
  const { label, value } = props;
  const { text, active, listId, entries, results } = combobox;
  return (
    <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64 p-2" align="start">
      <Input
        aria-label={`Search ${label}`}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={entries[active] ? `${listId}-${active}` : undefined}
        placeholder={props.searchPlaceholder ?? 'Search...'}
        value={text}
        onChange={(event) => combobox.onSearch(event.target.value)}
        onKeyDown={combobox.onKeyDown}
      />
      <OptionList
        id={listId}
        label={label}
        entries={entries}
        active={active}
        value={value}
        loading={combobox.loading}
        error={results.isError}
        total={results.data?.total}
        shown={results.data?.rows.length ?? 0}
        onHover={combobox.setActive}
        onPick={combobox.pick}
        checkIcon={Check}
      />
    </PopoverContent>
  );
}
