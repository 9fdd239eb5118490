// @vitest-environment node
/**
 * Issue 31 (3): the header search finds people (students, parents, leads, staff) and documents (cards, card orders and
 * their receipts, online orders, bill entries, pay slips) within the caller's access and data scope, each hit with
 * the link that opens its record.
 */
import { paySlips } from '../../server/db/schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../db';
import { resetDb } from '../handlers';
import { allStaff, allStudents, call, defaultGroup, loginToken, rowsOf, studentsIn } from '../testing';
import { onlineOrders } from '../../server/db/schema';
import type { JumpHit } from '../../src/types/search';

beforeEach(() => {
  resetDb();
});

const find = async (token: string, keyword: string) => {
  const r = await call('GET', `/v2/search?keyword=${encodeURIComponent(keyword)}`, { token });
  expect(r.status).toBe(200);
  return r.body.data as JumpHit[];
};

describe('GET /v2/search', () => {
  it('finds a staff member, a card, a card order (its receipt), an online order, a bill entry and a pay slip, each with the link that opens it', async () => {
    const db = getDb();
    const dealer = await loginToken('dealer');
    const staff = (await allStaff()).find((s) => s.companyId === 2 && s.status === 'active' && s.role === 'teacher')!;
    expect(await find(dealer, staff.name)).toContainEqual(expect.objectContaining({ kind: 'staff', id: staff.id, name: staff.name, path: `/school/staff?keyword=${encodeURIComponent(staff.name)}` }));

    const card = db.studentCards.find((c) => c.companyId === 2)!;
    expect(await find(dealer, card.cardNo)).toContainEqual({ kind: 'card', id: card.id, name: card.cardNo, detail: `${card.studentName} · ${card.templateName}`, path: `/student/list?tab=class-card-record&keyword=${card.cardNo}` });
    // Typed in lower case and without its letters, the number is found too.
    expect((await find(dealer, card.cardNo.toLowerCase())).some((h) => h.kind === 'card' && h.id === card.id)).toBe(true);

    const order = db.cardOrders.find((o) => o.companyId === 2 && o.amount > 0)!;
    const orderHits = await find(dealer, order.orderNo);
    expect(orderHits).toContainEqual(expect.objectContaining({ kind: 'order', id: order.id, name: order.orderNo, path: `/student/list?tab=class-card-op&order=${order.orderNo}` }));
    // Its entry in the bill, on the order's month.
    expect(orderHits).toContainEqual(expect.objectContaining({ kind: 'bill', id: `o-${order.id}`, name: order.orderNo, path: `/bill?keyword=${order.orderNo}&month=${order.createdAt.slice(0, 7)}` }));

    const online = (await rowsOf(onlineOrders)).find((o) => o.companyId === 2)!;
    expect(await find(dealer, online.orderNo)).toContainEqual(expect.objectContaining({ kind: 'onlineOrder', id: online.id, path: `/campus/online-order?keyword=${online.orderNo}` }));

    const slip = (await rowsOf(paySlips)).find((p) => p.companyId === 2)!;
    expect(await find(dealer, slip.slipNo)).toContainEqual(expect.objectContaining({ kind: 'paySlip', id: slip.id, path: `/finance/pay-slip/detail?id=${slip.id}` }));
  });

  it('finds a parent by name, opening their child', async () => {
    const dealer = await loginToken('dealer');
    const st = (await studentsIn(2)).find((s) => s.parentName && s.parentName !== s.name)!;
    expect(await find(dealer, st.parentName)).toContainEqual(expect.objectContaining({ kind: 'parent', id: st.id, name: st.parentName, detail: st.name, path: `/student/list?keyword=${st.mobile}&studentId=${st.id}` }));
  });

  it("a teacher finds no card, order, bill entry or pay slip of others, and no student outside their classes", async () => {
    const db = getDb();
    const teacher = await loginToken('teacher');
    const card = db.studentCards.find((c) => c.companyId === 2)!;
    const order = db.cardOrders.find((o) => o.companyId === 2 && o.amount > 0)!;
    const slip = (await rowsOf(paySlips)).find((p) => p.companyId === 2 && p.role !== 'teacher')!;
    for (const kw of [card.cardNo, order.orderNo, slip.slipNo]) {
      expect((await find(teacher, kw)).map((h) => h.kind)).toEqual([]);
    }
    const dealer = await loginToken('dealer');
    const theirs = await call('GET', '/v2/student?page=1&pageSize=100', { token: teacher });
    const mine = new Set(((theirs.body.data?.list ?? []) as { id: number }[]).map((s) => s.id));
    const everyone = await allStudents();
    const outside = everyone.find((s) => s.companyId === 2 && !mine.has(s.id) && !everyone.some((o) => o.id !== s.id && o.name === s.name))!;
    expect((await find(dealer, outside.name)).some((h) => h.kind === 'student' && h.id === outside.id)).toBe(true);
    expect((await find(teacher, outside.name)).filter((h) => h.id === outside.id)).toEqual([]);
  });

  it('a manager narrowed to their campus finds the cards and orders of their campus only', async () => {
    const db = getDb();
    const dealer = await loginToken('dealer');
    const group = await defaultGroup(2, 'manager');
    expect((await call('PUT', '/v2/permission_group/', { token: dealer, body: { id: group.id, name: group.name, flags: group.flags, dataScope: 'campus' } })).status).toBe(200);
    const manager = await loginToken('manager');
    const me = (await allStaff()).find((s) => s.companyId === 2 && s.role === 'manager' && s.mobile === db.seedUsers.find((u) => u.username === 'manager')?.mobile) ?? (await allStaff()).find((s) => s.companyId === 2 && s.role === 'manager')!;
    const everyone = await allStudents();
    const campusOf = (studentId: number) => everyone.find((s) => s.id === studentId)!.campusId;
    const inside = db.studentCards.find((c) => c.companyId === 2 && campusOf(c.studentId) === me.campusId)!;
    const outside = db.studentCards.find((c) => c.companyId === 2 && campusOf(c.studentId) !== me.campusId)!;
    expect((await find(manager, inside.cardNo)).some((h) => h.kind === 'card' && h.id === inside.id)).toBe(true);
    expect((await find(manager, outside.cardNo)).filter((h) => h.kind === 'card' || h.kind === 'order')).toEqual([]);
    const order = db.cardOrders.find((o) => o.companyId === 2 && campusOf(o.studentId) !== me.campusId)!;
    expect((await find(manager, order.orderNo)).filter((h) => h.kind === 'order')).toEqual([]);
    expect((await find(dealer, order.orderNo)).filter((h) => h.kind === 'order').map((h) => h.id)).toEqual([order.id]);
  });
});
