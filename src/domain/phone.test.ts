import { describe, expect, it } from 'vitest';
import { isMobile, isPhone } from './phone';
import { CampusBody, WebPageBody } from '../types/campus.schemas';
import { ServiceContactBody } from '../types/platform.schemas';

describe('the phone rule', () => {
  it('takes phone numbers: digits, an optional +, spaces, hyphens and parentheses', () => {
    for (const ok of ['010-65432100', '+86 (10) 6543-2100', '400-800-1234', '13800138000', '(0571) 8888 6666', '12345']) expect(isPhone(ok)).toBe(true);
  });
  it('refuses anything else', () => {
    for (const bad of ['abc-phone', '010-6543210x', 'call 010', '++8610', '1234', '---', '010-', '+', '', '12345678901234567890123', '010/6543']) expect(isPhone(bad)).toBe(false);
  });
  it('a mobile is 11 digits starting with 1', () => {
    expect(isMobile('13800138000')).toBe(true);
    for (const bad of ['1380013800', '23800138000', '138-0013-8000', '+8613800138000']) expect(isMobile(bad)).toBe(false);
  });
  it('every phone field of the bodies uses it (campus, web page, service contact)', () => {
    expect(CampusBody.safeParse({ name: 'North', address: 'Road 1', phone: 'abc-phone' }).success).toBe(false);
    expect(CampusBody.safeParse({ name: 'North', address: 'Road 1', phone: '010-6543 2100' }).success).toBe(true);
    const page = { campusId: 1, title: 'T', intro: 'I', photos: [], address: 'A', published: true, templateIds: [] };
    expect(WebPageBody.safeParse({ ...page, phone: 'abc-phone' }).success).toBe(false);
    expect(WebPageBody.safeParse({ ...page, phone: '+86 10 6543 2100' }).success).toBe(true);
    expect(ServiceContactBody.safeParse({ name: 'Help', phone: 'abc-phone', wechat: 'w' }).success).toBe(false);
    expect(ServiceContactBody.safeParse({ name: 'Help', phone: '400-800-1234', wechat: 'w' }).success).toBe(true);
  });
});
