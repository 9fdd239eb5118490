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
    const ph = (s: string) => [...new Set(s.match(/\{\w+\}/g) ?? [])].sort().join(','); // a plural's branches may repeat one
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

  it('counts of one read in the singular in English (no "1 lessons"), and the number stays in Chinese', async () => {
    const { t: tr, setLocale: set, loadMessages } = await import('./index');
    await loadMessages('en-US');
    await loadMessages('zh-CN');
    set('en-US');
    expect(tr('template.classCount', { n: 1 })).toBe('1 class');
    expect(tr('template.classCount', { n: 3 })).toBe('3 classes');
    expect(tr('schedule.batch.saved', { n: 1, skipped: 1 })).toBe('1 lesson created (1 holiday date skipped).');
    expect(tr('trial.free', { n: 1 })).toBe('1 place free');
    expect(tr('campusList.daysLeft', { n: 1 })).toBe('1 day left');
    expect(tr('drill.total', { n: '1', total: 1 })).toBe('1 record');
    expect(tr('drill.total', { n: '20,000', total: 20000 })).toBe('20,000 records');
    expect(tr('pfImport.done', { n: 1 })).toBe('1 company imported.');
    set('zh-CN');
    expect(tr('template.classCount', { n: 1 })).toBe('1 个班级');
    expect(tr('schedule.batch.saved', { n: 2, skipped: 1 })).toBe('已生成 2 节课（跳过 1 个节假日）。');
    set('en-US');
  });
});

describe('keys used in the code', () => {
  it('every literal t(\'key\') of src exists in the messages (no raw key on screen)', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { default: en } = await import('./en-US');
    const root = path.resolve(__dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, f.name);
        if (f.isDirectory()) {
          if (!f.name.startsWith('.umi')) walk(p);
        } else if (/\.tsx?$/.test(f.name) && !/\.test\.tsx?$/.test(f.name)) files.push(p);
      }
    };
    walk(root);
    const missing: string[] = [];
    for (const file of files) {
      const src = fs.readFileSync(file, 'utf8');
      const keys = [...src.matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g)].map((m) => m[1]);
      // t(cond ? 'a.key' : 'b.key')
      keys.push(...[...src.matchAll(/\bt\([^()'`]*\?\s*'([a-zA-Z][\w.-]*)'\s*:\s*'([a-zA-Z][\w.-]*)'/g)].flatMap((m) => [m[1], m[2]]));
      for (const k of keys) if (!(k in en)) missing.push(`${path.relative(root, file)}: ${k}`);
    }
    expect(missing).toEqual([]);
  });
});
