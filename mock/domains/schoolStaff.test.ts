// @vitest-environment node
/**
 * Staff through their calls (issue 32: the table in the database): the staff list filters, sorts and pages in SQL
 * by the same parameters; one staff member per mobile in a company, also when two writes give it at once; a rename
 * shows on the teacher's classes and an edit is there for the next request; a staff member who teaches a class is
 * not deleted (the database holds it too), one who does not is gone from the table.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../handlers';
import { allStaff, call, classesIn, loginToken, rowsOf } from '../testing';
import { sortKey } from '../../server/db/sortKey';
import { inTransaction, tx } from '../../server/db';
import { staff } from '../../server/db/schema';
import type { Staff } from '../../src/types/school';

beforeEach(() => {
  resetDb();
});

type Page<T> = { list: T[]; total: number };
const list = async (token: string, q: string): Promise<Page<Staff>> => {
  const r = await call('GET', `/v2/company_staff?${q}`, { token });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data as Page<Staff>;
};
const fields = { role: 'teacher', campusId: 1, status: 'active', hireDate: '2024-03-01' };

describe('staff list', () => {
  it('filters, sorts and pages in the database as before', async () => {
    const token = await loginToken('dealer');
    const mine = (await allStaff()).filter((s) => s.companyId === 2);
    const all = await list(token, 'pageSize=100');
    expect(all.total).toBe(mine.length);
    expect(all.list.map((s) => s.id)).toEqual(mine.map((s) => s.id));
    expect(all.list).toEqual(mine);
    const byName = await list(token, 'sortField=name&pageSize=100');
    const keys = byName.list.map((s) => sortKey(s.name));
    expect(keys).toEqual([...keys].sort());
    const page2 = await list(token, 'sortField=hireDate&sortOrder=descend&page=2&pageSize=5');
    const byHire = [...mine].sort((a, b) => (a.hireDate < b.hireDate ? 1 : a.hireDate > b.hireDate ? -1 : a.id - b.id));
    expect(page2.list.map((s) => s.id)).toEqual(byHire.slice(5, 10).map((s) => s.id));
    const teachers = await list(token, 'role=teacher,sales&status=active&campusId=1&pageSize=100');
    expect(teachers.list.map((s) => s.id)).toEqual(mine.filter((s) => ['teacher', 'sales'].includes(s.role) && s.status === 'active' && s.campusId === 1).map((s) => s.id));
    const one = mine.find((s) => s.userId === 4)!;
    expect((await list(token, `keyword=${one.mobile.slice(3, 9)}`)).list.map((s) => s.id)).toEqual(mine.filter((s) => s.mobile.includes(one.mobile.slice(3, 9))).map((s) => s.id));
    const hired = await list(token, 'startDate=2025-01-01&endDate=2025-12-31&pageSize=100');
    expect(hired.total).toBe(mine.filter((s) => s.hireDate >= '2025-01-01' && s.hireDate <= '2025-12-31').length);
    expect((await call('GET', '/v2/company_staff?sortField=mobile', { token })).status).toBe(400);
  });
});

describe('salary plans list', () => {
  it('pages the staff of the table with their plans', async () => {
    const token = await loginToken('dealer');
    const mine = (await allStaff()).filter((s) => s.companyId === 2);
    const plans = (await call('GET', '/v2/salary_plan?pageSize=100', { token })).body.data as { list: { staffId: number; staffName: string; plan: unknown }[]; total: number };
    expect(plans.total).toBe(mine.length);
    expect(plans.list.map((r) => r.staffId)).toEqual(mine.map((s) => s.id));
    expect(plans.list.every((r) => r.plan)).toBe(true);
    const made = await call('POST', '/v2/company_staff', { token, body: { name: '无方案', mobile: '13900002222', ...fields } });
    const without = (await call('GET', '/v2/salary_plan?hasPlan=false', { token })).body.data as { list: { staffId: number; plan: unknown }[]; total: number };
    expect(without).toEqual({ list: [expect.objectContaining({ staffId: made.body.data.id, plan: null })], total: 1 });
    const byName = (await call('GET', '/v2/salary_plan?sortField=staffName&sortOrder=descend&pageSize=100', { token })).body.data as { list: { staffName: string }[] };
    const keys = byName.list.map((r) => sortKey(r.staffName));
    expect(keys).toEqual([...keys].sort().reverse());
  });
});

describe('staff writes', () => {
  it('one staff member per mobile in a company, even when two writes give it at once', async () => {
    const token = await loginToken('dealer');
    const mobile = '13912345678';
    const results = await Promise.all(['甲', '乙'].map((name) => call('POST', '/v2/company_staff', { token, body: { name: `同号${name}`, mobile, ...fields } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.msg).toBe('Another staff member already uses this mobile number.');
    expect((await allStaff()).filter((s) => s.companyId === 2 && s.mobile === mobile)).toHaveLength(1);
    // An edit to a colleague's mobile is refused; another company may have it.
    const other = (await allStaff()).find((s) => s.companyId === 2 && s.mobile !== mobile)!;
    const edit = await call('PUT', '/v2/company_staff', { token, body: { ...other, salaryPlanId: other.salaryPlanId ?? null, mobile } });
    expect(edit).toMatchObject({ status: 400, body: { msg: 'Another staff member already uses this mobile number.' } });
    // A salary plan it names is one of the company's.
    const noPlan = await call('PUT', '/v2/company_staff', { token, body: { ...other, salaryPlanId: 999999 } });
    expect(noPlan).toMatchObject({ status: 400, body: { msg: 'Salary plan not found.' } });
    const sunrise = await loginToken('sunrise');
    const there = await call('POST', '/v2/company_staff', { token: sunrise, body: { name: '同号丙', mobile, ...fields, campusId: 3 } });
    expect(there.status, there.body.msg).toBe(200);
    // The database holds the rule too.
    await expect(
      inTransaction(async () => {
        await (await tx()).insert(staff).values({ companyId: 2, campusId: 1, name: 'X', nameSort: 'x', mobile, role: 'teacher', status: 'active', hireDate: '2024-01-01' });
      }),
    ).rejects.toThrow();
  });

  it('an edit is in the table and on the teacher’s classes; a teacher of a class stays, another staff member goes', async () => {
    const token = await loginToken('dealer');
    const teacher = (await allStaff()).find((s) => s.companyId === 2 && s.userId === 4)!;
    const edited = await call('PUT', '/v2/company_staff', { token, body: { ...teacher, salaryPlanId: teacher.salaryPlanId ?? null, name: '王若汐新' } });
    expect(edited.status, edited.body.msg).toBe(200);
    expect(edited.body.data).toMatchObject({ id: teacher.id, name: '王若汐新', campusName: teacher.campusName });
    expect((await allStaff()).find((s) => s.id === teacher.id)!.name).toBe('王若汐新');
    expect((await classesIn(2)).filter((c) => c.teacherId === teacher.id).every((c) => c.teacherName === '王若汐新')).toBe(true);
    const [row] = (await rowsOf(staff)).filter((s) => s.id === teacher.id);
    expect(row.nameSort).toBe(sortKey('王若汐新'));

    const made = await call('POST', '/v2/company_staff', { token, body: { name: '新老师', mobile: '13900001111', ...fields } });
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.data).toMatchObject({ name: '新老师', campusId: 1, campusName: teacher.campusName });
    const busy = (await allStaff()).find((s) => s.companyId === 2 && s.userId === undefined && s.role === 'teacher' && s.status === 'active')!;
    const teaches = (await classesIn(2)).filter((c) => c.teacherId === busy.id).length;
    if (teaches) expect((await call('DELETE', `/v2/company_staff/${busy.id}`, { token })).status).toBe(400);
    // The class's key refuses deleting its teacher in the database as well.
    const cls = (await classesIn(2))[0];
    await expect(inTransaction(async () => void (await (await tx()).delete(staff).where(eq(staff.id, cls.teacherId))))).rejects.toThrow();
    expect((await call('DELETE', `/v2/company_staff/${made.body.data.id}`, { token })).status).toBe(200);
    expect((await allStaff()).some((s) => s.id === made.body.data.id)).toBe(false);
  });
});
