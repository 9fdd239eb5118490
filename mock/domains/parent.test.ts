// @vitest-environment node
/** The parent's dashboard call (issue 31): each child's overview, the parent's own children only. */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../handlers';
import { eq } from 'drizzle-orm';
import { allStudents, call, loginToken, membershipRows, studentsIn, userNamed } from '../testing';
import { tx } from '../../server/db';
import { students } from '../../server/db/schema';
import { insertMembership, insertUser } from './people';
import { today } from '../clock';
import type { ParentOverview } from '../../src/types/parent';

beforeEach(() => {
  resetDb();
});

/** A parent's children in a company: the students whose (parent) mobile is the parent's. */
const childrenOf = async (companyId: number, mobile: string) => (await studentsIn(companyId)).filter((s) => s.mobile === mobile);

/** A second family in Starlight Dance: a parent account (same password as the demo parent) for one other student. */
async function secondFamily(): Promise<{ username: string; studentId: number }> {
  const demo = await userNamed('customer');
  const mine = new Set((await childrenOf(2, demo.mobile)).map((s) => s.id));
  const student = (await studentsIn(2)).find((s) => s.status === 'active' && !mine.has(s.id) && s.classIds.length > 0)!;
  const { id: _id, ...rest } = demo;
  const user = await insertUser({ ...rest, username: 'family2', mobile: '13912345678', name: 'Family Two' });
  const m = (await membershipRows()).find((x) => x.userId === demo.id && x.companyId === 2)!;
  const { roleId: _roleId, ...membership } = m;
  await insertMembership({ ...membership, userId: user.id });
  await (await tx()).update(students).set({ mobile: '13912345678' }).where(eq(students.id, student.id));
  return { username: 'family2', studentId: student.id };
}

describe('GET /v2/parent/overview', () => {
  it('shows each child of the parent, with the student list’s hours left', async () => {
    const parent = await loginToken('customer');
    const r = await call('GET', '/v2/parent/overview', { token: parent });
    expect(r.status).toBe(200);
    const data = r.body.data as ParentOverview;
    const kids = await childrenOf(2, (await userNamed('customer')).mobile);
    expect(kids.length).toBeGreaterThan(0);
    expect(data.children.map((c) => c.studentId).sort()).toEqual(kids.map((k) => k.id).sort());
    // The same figure as the student list (its activeHours column) for each child.
    const dealer = await loginToken('dealer');
    for (const child of data.children) {
      const list = await call('GET', `/v2/student?keyword=${encodeURIComponent(child.name)}&pageSize=50`, { token: dealer });
      const row = (list.body.data.list as { id: number; activeHours: number }[]).find((s) => s.id === child.studentId)!;
      expect(child.hoursLeft).toBe(row.activeHours);
      // Next lessons: today's or later, in time order, of the child's classes.
      const keys = child.nextLessons.map((l) => `${l.date} ${l.start}`);
      expect(keys).toEqual([...keys].sort());
      for (const l of child.nextLessons) expect(l.date >= today()).toBe(true);
    }
    // Unread messages: the seed leaves one unread roll-call message about a child.
    expect(data.unreadTotal).toBeGreaterThan(0);
    expect(data.children.reduce((s, c) => s + c.unreadNotices, 0)).toBeGreaterThan(0);
  });

  it('a parent cannot read another family’s child (404), and sees none of its data', async () => {
    const other = await secondFamily();
    const parent = await loginToken('customer');
    const r = await call('GET', `/v2/parent/overview?studentId=${other.studentId}`, { token: parent });
    expect(r.status).toBe(404);
    expect(r.body.msg).toBe('Student not found.');
    const all = (await call('GET', '/v2/parent/overview', { token: parent })).body.data as ParentOverview;
    expect(all.children.some((c) => c.studentId === other.studentId)).toBe(false);
    const otherName = (await allStudents()).find((s) => s.id === other.studentId)!.name;
    expect(JSON.stringify(all)).not.toContain(otherName);
    // The other family reads its own child, and not the demo parent's children.
    const family2 = await loginToken(other.username, 'customer123');
    const own = (await call('GET', '/v2/parent/overview', { token: family2 })).body.data as ParentOverview;
    expect(own.children.map((c) => c.studentId)).toEqual([other.studentId]);
    const demoChild = all.children[0].studentId;
    expect((await call('GET', `/v2/parent/overview?studentId=${demoChild}`, { token: family2 })).status).toBe(404);
  });

  it('staff get 403: the call is the parent’s', async () => {
    for (const who of ['dealer', 'teacher']) {
      const token = await loginToken(who);
      expect((await call('GET', '/v2/parent/overview', { token })).status).toBe(403);
    }
  });
});
