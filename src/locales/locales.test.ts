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

describe('plurals', () => {
  it('picks the branch for the number in each language', async () => {
    const { messages: m, t: tr, setLocale: set } = await import('./index');
    m['en-US']['test.plural'] = 'Convert {n, plural, one {# lead} other {# leads}} of {who}';
    m['zh-CN']['test.plural'] = '转化 {n, plural, other {# 个线索}}（{who}）';
    set('en-US');
    expect(tr('test.plural', { n: 1, who: 'Ann' })).toBe('Convert 1 lead of Ann');
    expect(tr('test.plural', { n: 8, who: 'Ann' })).toBe('Convert 8 leads of Ann');
    set('zh-CN');
    expect(tr('test.plural', { n: 1, who: 'Ann' })).toBe('转化 1 个线索（Ann）');
    delete m['en-US']['test.plural'];
    delete m['zh-CN']['test.plural'];
  });
});
