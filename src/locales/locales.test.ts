// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { messages, setLocale, t } from './index';

describe('locales', () => {
  it('en-US and zh-CN have exactly the same keys', () => {
    const en = Object.keys(messages['en-US']).sort();
    const zh = Object.keys(messages['zh-CN']).sort();
    expect(en.filter((k) => !zh.includes(k))).toEqual([]);
    expect(zh.filter((k) => !en.includes(k))).toEqual([]);
  });
  it('no message is empty and placeholders match between languages', () => {
    const ph = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join(',');
    for (const [k, v] of Object.entries(messages['en-US'])) {
      expect(v.trim(), k).not.toBe('');
      expect(messages['zh-CN'][k]?.trim(), k).not.toBe('');
      expect(ph(messages['zh-CN'][k] ?? ''), k).toBe(ph(v));
    }
  });
  it('t fills placeholders and falls back to the default message, then the id', () => {
    setLocale('en-US');
    expect(t('renew.days', { days: 90 })).toBe('90 days of service');
    expect(t('no.such.key', undefined, 'Fallback')).toBe('Fallback');
    expect(t('no.such.key')).toBe('no.such.key');
    setLocale('zh-CN');
    expect(t('request.forbidden')).toBe('没有权限');
  });
});
