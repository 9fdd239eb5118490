import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { API_DEFAULTS, useApi, useDebouncedSearch } from './useApi';

describe('data hook defaults (docs/rules.md#constants-and-limits)', () => {
  it('cache 60 s and focus refresh gap 5 s', () => {
    expect(API_DEFAULTS).toMatchObject({ dedupingInterval: 60000, revalidateOnFocus: true, focusThrottleInterval: 5000 });
  });

  it('a cached call is not repeated within the cache time', async () => {
    const service = vi.fn(async () => 'ok');
    function A() {
      const { data } = useApi(service);
      return <span>{data ?? '…'}</span>;
    }
    const first = render(<A />);
    await screen.findByText('ok');
    first.unmount();
    render(<A />);
    await screen.findByText('ok');
    expect(service).toHaveBeenCalledTimes(1);
  });

  it('debounces search by 800 ms', async () => {
    vi.useFakeTimers();
    const service = vi.fn(async (k: string) => k);
    let run: (k: string) => void = () => undefined;
    function S() {
      const r = useDebouncedSearch(service);
      run = r.run;
      return null;
    }
    render(<S />);
    act(() => {
      run('w');
      run('wa');
      run('wan');
    });
    await act(async () => {
      vi.advanceTimersByTime(799);
    });
    expect(service).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(2);
    });
    expect(service).toHaveBeenCalledTimes(1);
    expect(service).toHaveBeenCalledWith('wan');
    vi.useRealTimers();
    await waitFor(() => expect(service).toHaveBeenCalledTimes(1));
  });
});
