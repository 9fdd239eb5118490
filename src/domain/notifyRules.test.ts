import { describe, expect, it } from 'vitest';
import { defaultRules, EVENT_RECEIVERS, isRuleOn, NOTIFY_EVENTS, targetsOf } from './notifyRules';

describe('notification rules (event × channel × receiver)', () => {
  it('defaults: in-app to everyone concerned, SMS to parents for low hours and expiring cards', () => {
    expect(targetsOf([], 'rollCallResult')).toEqual([
      { channel: 'inApp', receiver: 'parent' },
      { channel: 'inApp', receiver: 'manager' },
    ]);
    expect(targetsOf([], 'hoursLow')).toContainEqual({ channel: 'sms', receiver: 'parent' });
    expect(defaultRules().length).toBe(NOTIFY_EVENTS.reduce((n, e) => n + EVENT_RECEIVERS[e].length * 2, 0));
  });

  it('a saved cell wins; cells that do not exist are always off', () => {
    const rules = [{ event: 'rollCallResult' as const, channel: 'inApp' as const, receiver: 'parent' as const, on: false }];
    expect(isRuleOn(rules, 'rollCallResult', 'inApp', 'parent')).toBe(false);
    expect(targetsOf(rules, 'rollCallResult')).toEqual([{ channel: 'inApp', receiver: 'manager' }]);
    expect(isRuleOn([{ event: 'rollCallResult', channel: 'sms', receiver: 'leadOwner', on: true }], 'rollCallResult', 'sms', 'leadOwner')).toBe(false);
  });
});
