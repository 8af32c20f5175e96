import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** Typing waits this long before a list asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type SearchInputProps = {
  /** The search in effect (from the URL); the box follows it when it changes elsewhere (back/forward). */
  value: string;
  /** Called once typing has paused for `delayMs`. */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  delayMs?: number;
  className?: string;
  id?: string;
  /** False inside a filters form that is already the search landmark. */
  landmark?: boolean;
};

/** A search box that holds what is typed and hands it on debounced, so the server sees one request per pause. */
export function SearchInput({
  value,
  onSearch,
  label,
  placeholder,
  delayMs = SEARCH_DEBOUNCE_MS,
  className,
  id,
  landmark = true,
}: SearchInputProps) {
  const [text, setText] = useState(value);
  // What we last handed on: an outside change of `value` that differs from it came from elsewhere.
  const sent = useRef(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      onSearchRef.current(text.trim());
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return (
    <div
      className={cn('relative w-full sm:max-w-md', className)}
      role={landmark ? 'search' : undefined}
      aria-label={landmark ? label : undefined}
    >
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="pl-9"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
