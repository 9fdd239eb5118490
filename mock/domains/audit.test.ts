// @vitest-environment node
/**
 * Issue 31 (5): the audit log reads as sentences in the reader's language, with a readable diff (label: old → new,
 * only what changed, never ids or secrets) for every write, notify rules, notices and imports included; filters by
 * person, kind of action and record. One table of kinds covers every write call the server has.
 */
import { auditEntries } from './audit';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../db';
import { resetDb } from '../handlers';
import { registry } from '../http';
import { call, loginToken, allCardTemplates, allStaff, studentsIn } from '../testing';
import { today } from '../clock';
import { AUDIT_KINDS } from './auditKinds';
import { formatMoney } from '../../src/utils/format';
import type { AuditEntry } from '../../src/types/platform';

beforeEach(() => {
  resetDb();
});

const log = async (token: string, query: string, lang?: string) => {
  const r = await call('GET', `/v2/operate_log?page=1&pageSize=20${query}`, { token, lang });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data.list as AuditEntry[];
};

describe('one table of kinds', () => {
  it('every write call the server has (each registered non-GET call with a session) has a kind and a sentence in both languages', () => {
    const writes = registry.filter((c) => c.method !== 'get' && (c.auth || c.path === '/v2/user/login/invitation')).map((c) => `${c.method.toUpperCase()} ${c.path}`);
    expect(writes.length).toBeGreaterThan(100);
    expect(writes.filter((w) => !AUDIT_KINDS.has(w))).toEqual([]);
    // No row for a call that does not exist.
    const all = new Set(registry.map((c) => `${c.method.toUpperCase()} ${c.path}`));
    expect([...AUDIT_KINDS.keys()].filter((k) => !all.has(k))).toEqual([]);
    const vars = new Set(['subject', 'student', 'amount', 'hours', 'count', 'days', 'month', 'status', 'reason', 'channel', 'receiver']);
    for (const kind of AUDIT_KINDS.values()) {
      if (!kind) continue;
      const en = [...kind.en.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const zh = [...kind.zh.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect([kind.kind, zh]).toEqual([kind.kind, en]);
      expect(en.filter((v) => !vars.has(v))).toEqual([]);
      expect(kind.zh.replace(/\{\w+\}|Excel/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    }
  });
});

describe('GET /v2/operate_log', () => {
  it('a card sale reads as a sentence in both languages, with its changes labelled and no raw ids', async () => {
    const dealer = await loginToken('dealer');
    const student = (await studentsIn(2)).find((x) => x.status === 'active')!;
    const tpl = (await allCardTemplates()).find((x) => x.companyId === 2 && x.onSale && x.kind === 'count')!;
    const seller = (await allStaff()).find((x) => x.companyId === 2 && x.status === 'active')!;
    const sold = await call('POST', '/v2/student_card/sell', { token: dealer, body: { studentId: student.id, templateId: tpl.id, amount: 2880, method: 'cash', sellerId: seller.id, startDate: today() } });
    expect(sold.status, sold.body.msg).toBe(200);
    const cardNo = sold.body.data.card.cardNo as string;
    const [en] = await log(dealer, '');
    expect(en.sentence).toBe(`Sold card ${cardNo} to ${student.name}, ¥2,880.00`);
    const [zh] = await log(dealer, '', 'zh-CN');
    expect(zh.sentence).toBe(`向 ${student.name} 售出课卡 ${cardNo}，¥2,880.00`);
    expect(en.diff).toContainEqual({ field: 'card.cardNo', label: 'Card number', after: cardNo });
    expect(en.diff).toContainEqual({ field: 'card.boughtHours', label: 'Hours bought', after: `${tpl.hours}.0` });
    expect(en.diff).toContainEqual(expect.objectContaining({ label: 'Amount paid', after: '¥2,880.00' }));
    expect(en.diff).toContainEqual(expect.objectContaining({ label: 'Payment method', after: 'Cash' }));
    // The template's issued count now (the database's row, read after the sale).
    const issued = (await allCardTemplates()).find((x) => x.id === tpl.id)!.issuedCount;
    expect(en.diff).toContainEqual(expect.objectContaining({ label: 'Cards issued', before: String(issued - 1), after: String(issued) }));
    expect(zh.diff).toContainEqual(expect.objectContaining({ label: '实收金额', after: '¥2,880.00' }));
    expect(zh.diff).toContainEqual(expect.objectContaining({ label: '支付方式', after: '现金' }));
    // Each value once, never an id.
    expect(new Set(en.diff!.map((d) => `${d.label} ${d.after}`)).size).toBe(en.diff!.length);
    expect(en.diff!.filter((d) => /(^|\.)(id|companyId|\w+Id)$/.test(d.field))).toEqual([]);
  });

  it('a notify-rule change, a notice sent and an Excel import each read as a sentence with what changed (never "—")', async () => {
    const dealer = await loginToken('dealer');
    expect((await call('PUT', '/v2/notify/rules', { token: dealer, body: { event: 'hoursLow', channel: 'sms', receiver: 'parent', on: false } })).status).toBe(200);
    const [rule] = await log(dealer, '');
    expect(rule.sentence).toBe('Turned off the “Hours running low” notification (SMS, to Parent)');
    expect(rule.diff).toEqual([{ field: 'on', label: 'On', before: 'Yes', after: 'No' }]);
    const [ruleZh] = await log(dealer, '', 'zh-CN');
    expect(ruleZh.sentence).toMatch(/^关闭“.+”通知（短信|^关闭“.+”通知（/);
    expect(ruleZh.sentence).not.toMatch(/hoursLow|sms|parent/);

    const sent = await call('POST', '/v2/notice', { token: dealer, body: { segment: 'all', title: 'Holiday timetable', text: 'Dear {studentName}, no lessons on Monday.' } });
    expect(sent.status, sent.body.msg).toBe(200);
    const [notice] = await log(dealer, '');
    expect(notice.sentence).toBe(`Sent notice “Holiday timetable” to ${sent.body.data.receiverCount} receivers`);
    expect(notice.diff).toEqual(expect.arrayContaining([{ field: 'title', label: 'Title', after: 'Holiday timetable' }, expect.objectContaining({ label: 'Receivers', after: String(sent.body.data.receiverCount) })]));

    const ctx = (await call('GET', '/v2/student/import/context', { token: dealer })).body.data as { campuses: { name: string }[] };
    const rows = [
      { rowNo: 2, name: '导入学员甲', mobile: '13911112221', gender: 'female', campus: ctx.campuses[0].name },
      { rowNo: 3, name: '导入学员乙', mobile: '13911112222', gender: 'male', campus: ctx.campuses[0].name },
    ];
    expect((await call('POST', '/v2/student/import', { token: dealer, body: { rows } })).status).toBe(200);
    const [imported] = await log(dealer, '');
    expect(imported.sentence).toBe('Imported 2 students from Excel');
    expect(imported.diff).toContainEqual({ field: 'created', label: 'Rows imported', after: '2' });
    expect((await log(dealer, '', 'zh-CN'))[0].sentence).toBe('从 Excel 导入了 2 名学员');
  });

  it('a password change is logged without the password', async () => {
    const dealer = await loginToken('dealer');
    expect((await call('POST', '/v2/user/password', { token: dealer, body: { oldPassword: 'dealer123', newPassword: 'Secret-2026x' } })).status).toBe(200);
    const entry = (await auditEntries()).at(-1)!;
    expect(entry.kind).toBe('self.password');
    expect(JSON.stringify(entry)).not.toContain('Secret-2026x');
  });

  it('filters by person, kind of action and record', async () => {
    const db = getDb();
    const dealer = await loginToken('dealer');
    const card = db.studentCards.find((c) => c.companyId === 2 && c.status === 'active' && c.kind === 'count')!;
    expect((await call('POST', '/v2/student_card/gift', { token: dealer, body: { cardId: card.id, hours: 2, reason: 'Birthday' } })).status).toBe(200);
    expect((await call('PUT', '/v2/notify/rules', { token: dealer, body: { event: 'hoursLow', channel: 'sms', receiver: 'parent', on: false } })).status).toBe(200);
    const me = (await auditEntries()).at(-1)!.userId;
    const cards = await log(dealer, `&group=card&userId=${me}`);
    expect(cards[0].sentence).toBe(`Gave 2.0 h on card ${card.cardNo} of ${card.studentName}`);
    expect(cards.every((e) => e.kind?.startsWith('card.') && e.userId === me)).toBe(true);
    const byRecord = await log(dealer, `&record=${card.cardNo}`);
    expect(byRecord.length).toBeGreaterThan(0);
    expect(byRecord.every((e) => e.subject === card.cardNo || Object.values(e.params ?? {}).includes(card.cardNo))).toBe(true);
    const options = (await call('GET', '/v2/operate_log/options', { token: dealer })).body.data as { groups: { value: string; label: string }[] };
    expect(options.groups).toEqual(expect.arrayContaining([{ value: 'card', label: 'Cards' }, { value: 'notify', label: 'Notification rules' }]));
  });

  it('the seeded history reads as sentences too', async () => {
    const dealer = await loginToken('dealer');
    const rows = await log(dealer, '&pageSize=50');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => !r.sentence || r.sentence.includes('—') || r.sentence.includes('/v2/'))).toEqual([]);
    expect(rows.some((r) => r.kind === 'card.renew' && r.sentence!.includes(formatMoney(r.params!.amount as number)))).toBe(true);
  });
});
