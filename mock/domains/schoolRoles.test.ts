// @vitest-environment node
/**
 * Role rules of the school calls that the screens also follow (issue 9): sales add and edit students but may not
 * delete them; teachers see only their own mobile in the staff list (the others' masked, not searchable).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../db';
import { resetDb } from '../handlers';
import { allStaff, allStudents, call, loginToken, rowsOf } from '../testing';
import { campuses } from '../../server/db/schema';

beforeEach(() => {
  resetDb();
});

const userIdOf = (username: string) => getDb().seedUsers.find((u) => u.username === username)!.id;

describe('student delete: dealer and managers only', () => {
  it('sales get 403 and the student stays; a manager deletes the same student', async () => {
    const sales = await loginToken('sales');
    const campusId = (await rowsOf(campuses)).find((c) => c.companyId === 2)!.id;
    const created = await call('POST', '/v2/student', { token: sales, body: { campusId, name: 'Role Test', mobile: '13900007777', gender: 'female' } });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;

    const refused = await call('DELETE', `/v2/student/${id}`, { token: sales });
    expect(refused.status).toBe(403);
    expect((await allStudents()).some((s) => s.id === id)).toBe(true);

    const manager = await loginToken('manager');
    expect((await call('DELETE', `/v2/student/${id}`, { token: manager })).status).toBe(200);
    expect((await allStudents()).some((s) => s.id === id)).toBe(false);
  });
});

describe('staff mobiles: teachers see only their own', () => {
  type Row = { id: number; userId?: number; mobile: string; name: string };
  const list = async (token: string, q = '') => (await call('GET', `/v2/company_staff?pageSize=100${q}`, { token })).body.data as { list: Row[]; total: number };

  it('a teacher gets the others masked and their own in full; a dealer gets every mobile', async () => {
    const teacher = await loginToken('teacher');
    const me = userIdOf('teacher');
    const seen = await list(teacher);
    expect(seen.list.length).toBeGreaterThan(1);
    const full = new Map((await allStaff()).filter((s) => s.companyId === 2).map((s) => [s.id, s.mobile]));
    for (const r of seen.list) {
      if (r.userId === me) expect(r.mobile).toBe(full.get(r.id));
      else {
        expect(r.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
        expect(r.mobile).not.toBe(full.get(r.id));
      }
    }
    const dealer = await list(await loginToken('dealer'));
    expect(dealer.list.every((r) => r.mobile === full.get(r.id))).toBe(true);
  });

  it("a teacher cannot find a colleague by the colleague's mobile (list or jump search)", async () => {
    const teacher = await loginToken('teacher');
    const other = (await allStaff()).find((s) => s.companyId === 2 && s.userId !== userIdOf('teacher') && s.status === 'active')!;
    expect((await list(teacher, `&keyword=${other.mobile}`)).total).toBe(0);
    const hits = (await call('GET', `/v2/search?keyword=${other.mobile}`, { token: teacher })).body.data as { kind: string; id: number }[];
    expect(hits.filter((h) => h.kind === 'staff')).toEqual([]);
    // By name the colleague is found, without the mobile.
    const byName = (await list(teacher, `&keyword=${encodeURIComponent(other.name)}`)).list.find((r) => r.id === other.id)!;
    expect(byName.mobile).toMatch(/\*{4}/);
  });
});
