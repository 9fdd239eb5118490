// @vitest-environment node
/** Packages and subscription orders answer in the caller's language (issue 9: /renew and /campus/order in Chinese). */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../handlers';
import { call, loginToken } from '../testing';

beforeEach(() => {
  resetDb();
});

describe('packages in the caller language', () => {
  it('GET /v2/package: Chinese names and descriptions in Chinese, English in English', async () => {
    const owner = await loginToken('dealer');
    const zh = (await call('GET', '/v2/package', { token: owner, lang: 'zh-CN' })).body.data as { id: number; name: string; description: string }[];
    const en = (await call('GET', '/v2/package', { token: owner })).body.data as { id: number; name: string; description: string }[];
    expect(zh.map((p) => p.name)).toEqual(['季度版', '年度版', '两年版']);
    expect(zh.every((p) => /[\u4e00-\u9fff]/.test(p.description))).toBe(true);
    expect(en.map((p) => p.name)).toEqual(['Quarter', 'Year', 'Two years']);
  });

  it('order lists name the package in the caller language; the stored order stays as made', async () => {
    const owner = await loginToken('dealer');
    const zh = (await call('GET', '/v2/subscription_order?pageSize=50', { token: owner, lang: 'zh-CN' })).body.data as { list: { packageName: string; packageId: number }[] };
    expect(zh.list.length).toBeGreaterThan(0);
    expect(zh.list.every((o) => /[\u4e00-\u9fff]/.test(o.packageName))).toBe(true);
    const en = (await call('GET', '/v2/subscription_order?pageSize=50', { token: owner })).body.data as { list: { packageName: string }[] };
    expect(en.list.some((o) => o.packageName === 'Year')).toBe(true);
    // An order made now is stored once and read in either language.
    const order = (await call('POST', '/v2/subscription_order', { token: owner, body: { packageId: 1 } })).body.data as { id: number; packageName: string };
    expect(order.packageName).toBe('Quarter');
    const again = (await call('GET', '/v2/subscription_order?pageSize=50', { token: owner, lang: 'zh-CN' })).body.data as { list: { id: number; packageName: string }[] };
    expect(again.list.find((o) => o.id === order.id)?.packageName).toBe('季度版');
  });
});
