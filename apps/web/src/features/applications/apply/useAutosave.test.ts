import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useAutosave } from './useAutosave';

describe('useAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('saves the latest value once the changes pause', async () => {
    const save = vi.fn<(value: string) => Promise<void>>().mockResolvedValue();
    const { result } = renderHook(() => useAutosave(save, 1500));
    act(() => result.current.schedule('A'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    act(() => result.current.schedule('Ab'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(save).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('Ab');
    expect(result.current.state.kind).toBe('saved');
  });

  it('saves at once on flush, and keeps a failed value to try again', async () => {
    const save = vi
      .fn<(value: string) => Promise<void>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue();
    const { result } = renderHook(() => useAutosave(save, 1500));
    act(() => result.current.schedule('draft'));
    await act(() => result.current.flush());
    expect(result.current.state).toEqual({ kind: 'failed', error: new Error('offline') });
    await act(() => result.current.flush());
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith('draft');
    expect(result.current.state.kind).toBe('saved');
  });

  it('saves what is left when the page goes away, and nothing after settle', async () => {
    const save = vi.fn<(value: string) => Promise<void>>().mockResolvedValue();
    const { result, unmount } = renderHook(() => useAutosave(save, 1500));
    act(() => result.current.schedule('dropped'));
    await act(() => result.current.settle());
    act(() => result.current.schedule('last words'));
    unmount();
    await vi.advanceTimersByTimeAsync(0);
    expect(save.mock.calls).toEqual([['last words']]);
  });
});
