import { afterEach, describe, expect, it } from 'vitest';
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
});
