// @vitest-environment node
import { describe, expect, it } from 'vitest';
import enUS from '@/locales/parts/helpers.en-US';
import zhCN from '@/locales/parts/helpers.zh-CN';
import { FESTIVALS, festivalLabelKey, SOLAR_TERM_CHINESE, SOLAR_TERMS, solarTermLabelKey } from '@/utils/calendar';
import { HOUR_RECORD_LABEL_KEYS, HOUR_RECORD_TYPES, ROLE_LABEL_KEYS } from '@/utils/constants';
import { WEEKDAYS, weekdayLabelKey } from '@/utils/dates';
import { ROLES } from '@/types/session';

const usedKeys: string[] = [
  ...WEEKDAYS.map((w) => weekdayLabelKey(w.key)),
  ...FESTIVALS.map(festivalLabelKey),
  ...SOLAR_TERMS.map(solarTermLabelKey),
  ...ROLES.map((r) => ROLE_LABEL_KEYS[r]),
  ...HOUR_RECORD_TYPES.map((t) => HOUR_RECORD_LABEL_KEYS[t]),
];

describe('helpers locale parts', () => {
  it('have exactly the same keys in both languages', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
  });

  it('label every key used by the helper modules, and nothing else', () => {
    for (const key of usedKeys) {
      expect(enUS[key], `en-US ${key}`).toEqual(expect.any(String));
      expect(enUS[key].trim(), `en-US ${key}`).not.toBe('');
      expect(zhCN[key], `zh-CN ${key}`).toEqual(expect.any(String));
      expect(zhCN[key].trim(), `zh-CN ${key}`).not.toBe('');
    }
    expect(Object.keys(enUS).sort()).toEqual([...usedKeys].sort());
  });

  it('uses the Chinese solar-term names of the calendar helper', () => {
    for (const term of SOLAR_TERMS) expect(zhCN[solarTermLabelKey(term)]).toBe(SOLAR_TERM_CHINESE[term]);
  });

  it('has the labels of docs/rules.md#subscription-and-expiry, #roles-and-access', () => {
    expect(enUS['role.admin']).toBe('Super admin');
    expect(zhCN['role.admin']).toBe('超级管理员');
    expect(enUS['role.dealer']).toBe('Store manager');
    expect(zhCN['role.customer']).toBe('用户');
    expect(enUS['hourRecord.back']).toBe('Hours returned');
    expect(zhCN['hourRecord.back']).toBe('退课时');
    expect(zhCN['hourRecord.proof']).toBe('课时校正');
    expect(enUS['weekday.mon']).toBe('Mon');
    expect(zhCN['weekday.sun']).toBe('周日');
    expect(zhCN['festival.springFestival']).toBe('春节');
    expect(enUS['solarTerm.lichun']).toBe('Start of Spring');
  });

  it('has distinct labels within each group', () => {
    for (const dict of [enUS, zhCN]) {
      for (const prefix of ['weekday.', 'festival.', 'solarTerm.', 'role.', 'hourRecord.']) {
        const values = Object.entries(dict)
          .filter(([k]) => k.startsWith(prefix))
          .map(([, v]) => v);
        expect(new Set(values).size).toBe(values.length);
      }
    }
  });
});
