// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { daysLeft, expireTipKey, expiryState, landingPath, reminderDecision } from './expiry';

describe('expiryState', () => {
  it.each([
    [400, 'ok'],
    [31, 'ok'],
    [30, 'reminder'],
    [1, 'reminder'],
    [0, 'expired'],
  ] as const)('%i days → %s', (day, state) => {
    expect(expiryState(day, 'dealer')).toBe(state);
    expect(expiryState(day, 'teacher')).toBe(state);
  });
  it('skipped for admin, service and operation', () => {
    for (const role of ['admin', 'service', 'operation'] as const) {
      expect(expiryState(0, role)).toBe('ok');
      expect(expiryState(5, role)).toBe('ok');
    }
  });
});

describe('reminder once per role and company (docs/rules.md#subscription-and-expiry)', () => {
  it('key format', () => {
    expect(expireTipKey(103, 3)).toBe('expire_tip_103_3');
  });
  it('shows once, then stays quiet while 1–30 days are left', () => {
    const storage = new Map<string, string>();
    const key = expireTipKey(109, 3);
    let shownCount = 0;
    for (const day of [12, 12, 11, 5, 1]) {
      const d = reminderDecision(day, 'dealer', storage.has(key));
      if (d.show) shownCount += 1;
      if (d.storage === 'set') storage.set(key, '1');
      if (d.storage === 'clear') storage.delete(key);
    }
    expect(shownCount).toBe(1);
  });
  it('forgets when days rise above 30, so the next dip reminds again', () => {
    expect(reminderDecision(12, 'dealer', false)).toEqual({ show: true, storage: 'set' });
    expect(reminderDecision(12, 'dealer', true)).toEqual({ show: false, storage: 'keep' });
    expect(reminderDecision(395, 'dealer', true)).toEqual({ show: false, storage: 'clear' });
    expect(reminderDecision(20, 'dealer', false)).toEqual({ show: true, storage: 'set' });
  });
  it('no reminder at 31 days or when expired (the lock-out dialog takes over), none for platform roles', () => {
    expect(reminderDecision(31, 'dealer', false).show).toBe(false);
    expect(reminderDecision(0, 'dealer', false).show).toBe(false);
    expect(reminderDecision(10, 'admin', false).show).toBe(false);
  });
});

describe('daysLeft', () => {
  it('counts whole days, never below 0', () => {
    expect(daysLeft('2026-12-31', '2026-11-21')).toBe(40);
    expect(daysLeft('2026-11-21', '2026-11-21')).toBe(0);
    expect(daysLeft('2026-11-01', '2026-11-21')).toBe(0);
    expect(daysLeft('2028-03-01', '2028-02-28')).toBe(2);
  });
});

describe('landingPath', () => {
  it('sends the expired owner to /renew, everyone else to the dashboard', () => {
    expect(landingPath(0, 'dealer', 0)).toBe('/renew');
    expect(landingPath(0, 'teacher', 1)).toBe('/dashboard');
    expect(landingPath(12, 'dealer', 0)).toBe('/dashboard');
  });
});
