import type { LucideIcon } from 'lucide-react';
import { Component, Frame, Network, Package } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';
import type { ArchitecturePattern, PatternId } from '@/web-app-builder/patterns';

export const patternIcons: Record<PatternId, LucideIcon> = {
  'module-federation': Network,
  'web-components': Component,
  'iframe-composition': Frame,
  'build-time': Package,
};

export const tabId = (id: PatternId) => `pattern-tab-${id}`;
export const panelId = (id: PatternId) => `pattern-panel-${id}`;

type PatternTabsProps = {
  patterns: ArchitecturePattern[];
  selected: PatternId;
  onSelect: (id: PatternId) => void;
};

/** The tab a key moves to from `index` (wrapping around), or null for any other key. */
function nextTab(key: string, index: number, last: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return index === last ? 0 : index + 1;
    case 'ArrowLeft':
    case 'ArrowUp':
      return index === 0 ? last : index - 1;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** WAI-ARIA tabs: arrow keys, Home and End move between patterns (automatic activation). */
export function PatternTabs({ patterns, selected, onSelect }: PatternTabsProps) {
  const refs = useRef(new Map<PatternId, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextTab(
      event.key,
      patterns.findIndex((p) => p.id === selected),
      patterns.length - 1,
    );
    const target = next === null ? undefined : patterns[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    refs.current.get(target.id)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Architecture patterns"
      className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4"
      onKeyDown={onKeyDown}
    >
      {patterns.map((pattern) => {
        const Icon = patternIcons[pattern.id];
        const isSelected = pattern.id === selected;
        return (
          <button
            key={pattern.id}
            ref={(node) => {
              if (node) refs.current.set(pattern.id, node);
              else refs.current.delete(pattern.id);
            }}
            type="button"
            role="tab"
            id={tabId(pattern.id)}
            aria-selected={isSelected}
            aria-controls={panelId(pattern.id)}
            tabIndex={isSelected ? 0 : -1}
            data-testid={`pattern-${pattern.id}`}
            onClick={() => onSelect(pattern.id)}
            className={cn(
              'flex items-center gap-3 rounded-xl border bg-card p-4 text-left shadow-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
              isSelected && 'border-primary bg-accent ring-1 ring-primary',
            )}
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="font-medium">{pattern.name}</span>
          </button>
        );
      })}
    </div>
  );
}
