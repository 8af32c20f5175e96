import { describe, expect, it } from 'vitest';
import { reducer, TOAST_LIMIT } from '@/components/ui/use-toast';

describe('toast reducer', () => {
  it('keeps only one toast, the newest', () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', title: 'First' } });
    state = reducer(state, { type: 'ADD_TOAST', toast: { id: '2', title: 'Second' } });
    expect(state.toasts.map((t) => t.title)).toEqual(['Second']);
  });

  it('marks a dismissed toast closed and removes it later', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', open: true } });
    state = reducer(state, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts[0]?.open).toBe(false);
    state = reducer(state, { type: 'REMOVE_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });
});
