import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE_KEY, tokenStore } from './tokenStore';

describe('tokenStore', () => {
  afterEach(() => window.localStorage.clear());

  it('stores the tokens and the role of the session, and clears them together', () => {
    tokenStore.set('t', 's');
    tokenStore.setRole(102);
    expect(tokenStore.get()).toEqual({ token: 't', satoken: 's' });
    expect(tokenStore.has()).toBe(true);
    expect(window.localStorage.getItem(ROLE_KEY)).toBe('102');
    tokenStore.clear();
    expect(tokenStore.has()).toBe(false);
    expect(window.localStorage.getItem(ROLE_KEY)).toBeNull();
  });

  it('writes the role only when it changes (every page load calls it with the same role)', () => {
    tokenStore.setRole(102);
    const write = vi.spyOn(Storage.prototype, 'setItem');
    tokenStore.setRole(102);
    expect(write).not.toHaveBeenCalled();
    tokenStore.setRole(103);
    expect(write).toHaveBeenCalledWith(ROLE_KEY, '103');
    expect(window.localStorage.getItem(ROLE_KEY)).toBe('103');
    write.mockRestore();
  });
});
