/** Excel import calls (issue 9): students with opening balances and leads, all rows or none, duplicates, scope. */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../handlers';
import { getDb } from '../db';
import { saveSettings } from './companySettings';
import { ownedCount } from '@/domain/leads';
import { allLeads, allStudents, call, loginToken, membershipRows, setGroup, studentsIn, userNamed } from '../testing';
import { balanceOf } from '@/domain/ledger';
import { IMPORT_MAX_ROWS } from '@/types/import.schemas';
import { addDays } from '@/utils/dates';

beforeEach(() => {
  resetDb();
});

async function studentContext(token: string) {
  const r = await call('GET', '/v2/student/import/context', { token });
  expect(r.status).toBe(200);
  return r.body.data as {
    today: string;
    campuses: { id: number; name: string }[];
    classes: { id: number; name: string; campusId: number; free: number }[];
    templates: { id: number; name: string; kind: string; validDays: number }[];
  };
}

async function counts() {
  const db = getDb();
  return { students: (await allStudents()).length, cards: db.studentCards.length, records: db.hourRecords.length, orders: db.cardOrders.length, leads: (await allLeads()).length };
}

describe('student import', () => {
  it('refuses a file with one bad row (naming the row and field, nothing created), then creates every row with its opening balance', async () => {
    const token = await loginToken('dealer');
    const ctx = await studentContext(token);
    const campus = ctx.campuses[0];
    const cls = ctx.classes.find((c) => c.campusId === campus.id && c.free >= 2)!;
    const count = ctx.templates.find((tp) => tp.kind === 'count')!;
    const period = ctx.templates.find((tp) => tp.kind === 'period')!;
    const rows = [
      { rowNo: 2, name: '导入学员甲', mobile: '13911112221', gender: 'female', campus: campus.name, classes: cls.name, card: count.name, hours: 12.5, cardStart: addDays(ctx.today, -10) },
      { rowNo: 3, name: '导入学员乙', mobile: '1391111', gender: 'male', campus: campus.name, card: period.name },
      { rowNo: 4, name: '导入学员丙', mobile: '13911112223', gender: 'male', campus: campus.name },
    ];
    const before = await counts();
    const bad = await call('POST', '/v2/student/import', { token, body: { rows } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Row 3: Mobile must be an 11-digit mobile number starting with 1.');
    expect(await counts()).toEqual(before);
    const zh = await call('POST', '/v2/student/import', { token, body: { rows }, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('第 3 行：手机号必须是以 1 开头的 11 位手机号。');

    rows[1].mobile = '13911112222';
    const ok = await call('POST', '/v2/student/import', { token, body: { rows } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ created: 3, cards: 2, hours: 12.5 });
    const db = getDb();
    expect(await counts()).toEqual({ ...before, students: before.students + 3, cards: before.cards + 2, records: before.records + 2 });
    // An opening balance is no sale: no order, no money.
    expect(db.cardOrders.length).toBe(before.orders);
    const everyone = await allStudents();
    const jia = everyone.find((s) => s.mobile === '13911112221')!;
    expect(jia).toMatchObject({ campusId: campus.id, gender: 'female', companyId: 2 });
    expect(jia.classIds).toEqual([cls.id]);
    const card = db.studentCards.find((c) => c.studentId === jia.id)!;
    expect(card).toMatchObject({ templateId: count.id, boughtHours: 12.5, giftHours: 0, paidAmount: 0, unitPrice: 0, remainingHours: 12.5, startDate: addDays(ctx.today, -10), expiryDate: addDays(ctx.today, count.validDays - 10), status: 'active' });
    const recs = db.hourRecords.filter((r) => r.cardId === card.id);
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatchObject({ type: 'add', hours: 12.5, balanceAfter: 12.5, amount: 0, reason: 'Opening balance' });
    expect(recs[0].orderId).toBeUndefined();
    expect(balanceOf(recs)).toBe(card.remainingHours);
    const yi = everyone.find((s) => s.mobile === '13911112222')!;
    const pcard = db.studentCards.find((c) => c.studentId === yi.id)!;
    expect(pcard).toMatchObject({ kind: 'period', remainingHours: 0, startDate: ctx.today });
    expect(db.hourRecords.filter((r) => r.cardId === pcard.id).map((r) => [r.type, r.hours, r.balanceAfter, r.reason])).toEqual([['add', 0, 0, 'Opening balance']]);
    // The student's card shows in the card list call with the balance.
    const list = await call('GET', `/v2/student_card?studentId=${jia.id}&page=1&pageSize=10`, { token });
    expect(list.body.data.list.find((c: { id: number }) => c.id === card.id)?.remainingHours).toBe(12.5);
  });

  it('reports duplicates within the file and against existing students (same name and mobile), nothing created', async () => {
    const token = await loginToken('manager');
    const ctx = await studentContext(token);
    const existing = (await studentsIn(2))[0];
    const base = { gender: 'female', campus: ctx.campuses[0].name };
    const before = await counts();
    const inFile = await call('POST', '/v2/student/import', { token, body: { rows: [{ ...base, name: '甲', mobile: '13911110001' }, { ...base, name: '甲', mobile: '13911110001' }] } });
    expect(inFile.body.msg).toBe('Row 3: Duplicate of row 2.');
    const old = await call('POST', '/v2/student/import', { token, body: { rows: [{ ...base, name: '乙', mobile: '13911110002' }, { ...base, name: existing.name, mobile: existing.mobile }] } });
    expect(old.status).toBe(400);
    expect(old.body.msg).toBe(`Row 3: Student ${existing.name} with this mobile already exists.`);
    // Same mobile, another name: a sibling, allowed (the single create's rule).
    expect(await counts()).toEqual(before);
    const sib = await call('POST', '/v2/student/import', { token, body: { rows: [{ ...base, name: `${existing.name}妹妹`, mobile: existing.mobile }] } });
    expect(sib.body.data.created).toBe(1);
  });

  it('checks names in the caller scope, the size bound and the write policy', async () => {
    const sunrise = await loginToken('sunrise');
    const starlight = await studentContext(await loginToken('dealer'));
    const other = await call('POST', '/v2/student/import', { token: sunrise, body: { rows: [{ name: '丁', mobile: '13911110003', gender: 'male', campus: starlight.campuses[0].name }] } });
    expect(other.status).toBe(400);
    expect(other.body.msg).toBe(`Row 2: No campus named "${starlight.campuses[0].name}" among your campuses.`);
    const teacher = await loginToken('teacher');
    const denied = await call('POST', '/v2/student/import', { token: teacher, body: { rows: [{ name: '丁', mobile: '13911110003', gender: 'male', campus: starlight.campuses[0].name }] } });
    expect(denied.status).toBe(403);
    const customer = await loginToken('customer');
    expect((await call('GET', '/v2/student/import/context', { token: customer })).status).toBe(403);
    const dealer = await loginToken('dealer');
    const many = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => ({ name: `n${i}`, mobile: `139${String(i).padStart(8, '0')}`, gender: 'male', campus: starlight.campuses[0].name }));
    const big = await call('POST', '/v2/student/import', { token: dealer, body: { rows: many } });
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe(`At most ${IMPORT_MAX_ROWS} rows can be imported at once; this file has ${IMPORT_MAX_ROWS + 1}. Split it into smaller files.`);
    const empty = await call('POST', '/v2/student/import', { token: dealer, body: { rows: [] } });
    expect(empty.status).toBe(400);
  });

  it('a campus data scope narrows the campuses a file may name', async () => {
    const token = await loginToken('sales');
    const user = await userNamed('sales');
    const membership = (await membershipRows()).find((m) => m.userId === user.id && m.companyId === 2)!;
    const groupId = membership.groupId!;
    const all = (await studentContext(token)).campuses;
    expect(all.length).toBeGreaterThan(1);
    await setGroup(groupId, { dataScope: 'campus' });
    const mine = (await studentContext(token)).campuses;
    expect(mine).toHaveLength(1);
    const other = all.find((c) => c.id !== mine[0].id)!;
    const r = await call('POST', '/v2/student/import', { token, body: { rows: [{ name: '戊', mobile: '13911110005', gender: 'male', campus: other.name }] } });
    expect(r.body.msg).toBe(`Row 2: No campus named "${other.name}" among your campuses.`);
    const ok = await call('POST', '/v2/student/import', { token, body: { rows: [{ name: '戊', mobile: '13911110005', gender: 'male', campus: mine[0].name }] } });
    expect(ok.body.data.created).toBe(1);
  });

  it('the context lists existing students only for the asked mobiles', async () => {
    const token = await loginToken('dealer');
    const st = (await studentsIn(2))[0];
    const r = await call('GET', `/v2/student/import/context?mobiles=${st.mobile},13900000000`, { token });
    expect(r.body.data.existing.every((x: { mobile: string }) => x.mobile === st.mobile)).toBe(true);
    expect(r.body.data.existing.some((x: { name: string }) => x.name === st.name)).toBe(true);
  });
});

describe('lead import', () => {
  it('sales import leads they own; a duplicate mobile or another owner refuses the whole file', async () => {
    const token = await loginToken('sales');
    const ctxR = await call('GET', '/v2/customer/import/context', { token });
    const { campuses, owners, self } = ctxR.body.data as { campuses: { name: string }[]; owners: { value: number; label: string }[]; self: { id: number } };
    const existing = (await allLeads()).find((l) => l.companyId === 2 && l.ownerId !== undefined)!;
    const rows = [
      { name: '线索一', mobile: '13722220001', campus: campuses[0].name, source: 'referral' },
      { name: '线索二', mobile: existing.mobile, campus: campuses[0].name, source: 'phone', intention: 'A' },
    ];
    const before = await counts();
    const dup = await call('POST', '/v2/customer/import', { token, body: { rows } });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe(`Row 3: The mobile already belongs to lead ${existing.name} (${existing.ownerName}).`);
    const other = owners.find((o) => o.value !== self.id)!;
    const notMine = await call('POST', '/v2/customer/import', { token, body: { rows: [{ ...rows[0], owner: other.label }] } });
    expect(notMine.body.msg).toBe('Row 2: You can only import leads that you own yourself.');
    expect(await counts()).toEqual(before);
    rows[1].mobile = '13722220002';
    const ok = await call('POST', '/v2/customer/import', { token, body: { rows } });
    expect(ok.body.data).toEqual({ created: 2, pooled: 0 });
    const added = (await allLeads()).filter((l) => l.mobile.startsWith('1372222'));
    expect(added.map((l) => [l.ownerId, l.intention, l.source, l.status])).toEqual([
      [self.id, 'C', 'referral', 'new'],
      [self.id, 'A', 'phone', 'new'],
    ]);
  });

  it("the owner's lead limit counts every row of the file at once", async () => {
    const token = await loginToken('sales');
    const me = await userNamed('sales');
    const owned = ownedCount((await allLeads()).filter((l) => l.companyId === 2), me.id);
    await saveSettings(2, { leadOwnLimit: owned + 1 });
    const { campuses } = (await call('GET', '/v2/customer/import/context', { token })).body.data as { campuses: { name: string }[] };
    const rows = ['13722220021', '13722220022'].map((mobile, i) => ({ name: `限额${i}`, mobile, campus: campuses[0].name, source: 'phone' }));
    const before = await counts();
    const r = await call('POST', '/v2/customer/import', { token, body: { rows } });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(`You already own ${owned} active leads; the limit is ${owned + 1} per person, so at most 1 more can be taken.`);
    expect(await counts()).toEqual(before);
    expect((await call('POST', '/v2/customer/import', { token, body: { rows: rows.slice(0, 1) } })).body.data.created).toBe(1);
  });

  it('managers import into the pool from the pool screen, or to a named owner; teachers may not import', async () => {
    const token = await loginToken('manager');
    const { campuses, owners } = (await call('GET', '/v2/customer/import/context?pool=1', { token })).body.data as { campuses: { name: string }[]; owners: { value: number; label: string }[] };
    const salesName = (await userNamed('sales')).name;
    const sales = owners.find((o) => o.label === salesName)!;
    const r = await call('POST', '/v2/customer/import', {
      token,
      body: { pool: true, rows: [{ name: '公海一', mobile: '13722220011', campus: campuses[0].name, source: 'event' }, { name: '分配一', mobile: '13722220012', campus: campuses[0].name, source: 'event', owner: sales.label }] },
    });
    expect(r.body.data).toEqual({ created: 2, pooled: 1 });
    const all = await allLeads();
    const [pooled, owned] = ['13722220011', '13722220012'].map((m) => all.find((l) => l.mobile === m)!);
    expect(pooled.ownerId).toBeUndefined();
    expect(pooled.poolReason).toBe('unassigned');
    expect(owned.ownerId).toBe(sales.value);
    const teacher = await loginToken('teacher');
    expect((await call('POST', '/v2/customer/import', { token: teacher, body: { rows: [{ name: 'x', mobile: '13722220013', campus: campuses[0].name, source: 'event' }] } })).status).toBe(403);
  });
});
