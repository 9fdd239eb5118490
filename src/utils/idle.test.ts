import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterIdle, hasBeenIdle, IDLE_FALLBACK_MS, IDLE_TIMEOUT_MS, resetIdleForTests } from './idle';
import { useIdle } from '@/hooks/useIdle';

type IdleWindow = Omit<Window, 'requestIdleCallback' | 'cancelIdleCallback'> & { requestIdleCallback?: Window['requestIdleCallback']; cancelIdleCallback?: Window['cancelIdleCallback'] };
const win = window as unknown as IdleWindow;

beforeEach(() => {
  resetIdleForTests();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  delete win.requestIdleCallback;
  delete win.cancelIdleCallback;
});

describe('afterIdle: work the first screen does not need waits for the first idle moment (issue 10)', () => {
  it('uses requestIdleCallback with the timeout, once; later calls run at once', () => {
    const pending: IdleRequestCallback[] = [];
    const ric = vi.fn((cb: IdleRequestCallback) => pending.push(cb));
    win.requestIdleCallback = ric as unknown as Window['requestIdleCallback'];
    win.cancelIdleCallback = vi.fn();
    const run = vi.fn();
    afterIdle(run);
    expect(ric).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_TIMEOUT_MS });
    expect(run).not.toHaveBeenCalled();
    expect(hasBeenIdle()).toBe(false);
    pending[0]({ didTimeout: false, timeRemaining: () => 10 });
    expect(run).toHaveBeenCalledTimes(1);
    expect(hasBeenIdle()).toBe(true);
    const later = vi.fn();
    afterIdle(later);
    expect(later).toHaveBeenCalledTimes(1);
    expect(ric).toHaveBeenCalledTimes(1);
  });

  it('a cancelled call never runs, and the page has not been idle for it', () => {
    const pending: IdleRequestCallback[] = [];
    win.requestIdleCallback = ((cb: IdleRequestCallback) => pending.push(cb)) as unknown as Window['requestIdleCallback'];
    const cancel = vi.fn();
    win.cancelIdleCallback = cancel;
    const run = vi.fn();
    afterIdle(run)();
    expect(cancel).toHaveBeenCalledWith(1);
    pending[0]({ didTimeout: true, timeRemaining: () => 0 });
    expect(run).not.toHaveBeenCalled();
    expect(hasBeenIdle()).toBe(false);
  });

  it('without requestIdleCallback, a short timer', () => {
    const run = vi.fn();
    afterIdle(run);
    vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    resetIdleForTests();
    afterIdle(cancelled)();
    vi.advanceTimersByTime(IDLE_FALLBACK_MS * 2);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('useIdle turns true once, and starts true after the page has been idle', () => {
    function Probe() {
      return React.createElement('span', null, useIdle() ? 'idle' : 'busy');
    }
    const first = render(React.createElement(Probe));
    expect(screen.getByText('busy')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(IDLE_FALLBACK_MS);
    });
    expect(screen.getByText('idle')).toBeTruthy();
    first.unmount();
    render(React.createElement(Probe));
    expect(screen.getByText('idle')).toBeTruthy();
  });
});
