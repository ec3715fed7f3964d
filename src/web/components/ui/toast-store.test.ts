import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, type ToastData, toastReducer } from './toast-store';

const make = (id: string): ToastData => ({ id, title: id, open: true, onOpenChange: () => {} });

describe('toastReducer', () => {
  it('keeps at most one toast, the newest', () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('a') });
    state = toastReducer(state, { type: 'ADD_TOAST', toast: make('b') });
    expect(state.toasts.map((t) => t.id)).toEqual(['b']);
  });

  it('dismissing closes a toast without removing it', () => {
    const state = toastReducer({ toasts: [make('a')] }, { type: 'DISMISS_TOAST', toastId: 'a' });
    expect(state.toasts).toHaveLength(1);
    expect(state.toasts[0]?.open).toBe(false);
  });

  it('dismiss or remove without an id applies to every toast', () => {
    const start = { toasts: [make('a')] };
    expect(toastReducer(start, { type: 'DISMISS_TOAST' }).toasts[0]?.open).toBe(false);
    expect(toastReducer(start, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });

  it('updates only the matching toast', () => {
    const state = toastReducer(
      { toasts: [make('a')] },
      { type: 'UPDATE_TOAST', toast: { id: 'a', title: 'changed' } },
    );
    expect(state.toasts[0]?.title).toBe('changed');
    const other = toastReducer(state, { type: 'UPDATE_TOAST', toast: { id: 'z', title: 'no' } });
    expect(other.toasts[0]?.title).toBe('changed');
  });
});
