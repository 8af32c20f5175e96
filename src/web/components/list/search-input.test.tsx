import { render, screen, act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from '@/components/list/search-input';

describe('SearchInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands the text on once typing pauses for 300 ms, trimmed, once', () => {
    const onSearch = vi.fn();
    render(<SearchInput value="" onSearch={onSearch} label="Search tenants" />);
    const box = screen.getByRole('searchbox', { name: 'Search tenants' });
    fireEvent.change(box, { target: { value: 'ac' } });
    act(() => void vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: 'acme ' } });
    act(() => void vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('acme');
  });

  it('follows a value changed from outside (back/forward) without calling back', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchInput value="acme" onSearch={onSearch} label="Search" />);
    rerender(<SearchInput value="beta" onSearch={onSearch} label="Search" />);
    expect(screen.getByRole('searchbox')).toHaveValue('beta');
    act(() => void vi.advanceTimersByTime(500));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
