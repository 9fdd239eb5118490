// @vitest-environment node
/**
 * Rooms and classes through their calls (issue 32: the tables in the database): the class list filters, sorts and
 * pages by the same parameters (a teacher's name, a student count), with its sums; a room's name is unique in its
 * campus; renaming a room or a teacher renames what its classes show; a room only a closed class used can go.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../db';
import { resetDb } from '../handlers';
import { allStaff, call, classesIn, loginToken } from '../testing';
import { sortKey } from '../../server/db/sortKey';
import type { Room, SchoolClass } from '../../src/types/school';

beforeEach(() => {
  resetDb();
});

type Page<T> = { list: T[]; total: number; sum?: Record<string, number> };
const list = async <T,>(token: string, path: string): Promise<Page<T>> => {
  const r = await call('GET', path, { token });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data as Page<T>;
};

describe('class list', () => {
  it('filters, sorts and pages as before, with its sums', async () => {
    const token = await loginToken('dealer');
    const all = await classesIn(2);
    const open = all.filter((c) => c.status === 'open');
    const byCount = await list<SchoolClass>(token, '/v2/company_class?status=open&sortField=studentCount&sortOrder=descend&pageSize=100&sum=studentCount,capacity');
    expect(byCount.total).toBe(open.length);
    expect(byCount.list.map((c) => c.studentCount)).toEqual(open.map((c) => c.studentCount).sort((a, b) => b - a));
    expect(byCount.sum).toEqual({ studentCount: open.reduce((n, c) => n + c.studentCount, 0), capacity: open.reduce((n, c) => n + c.capacity, 0) });
    // Page 2 of 5 is the 6th to 10th of the same order.
    const page2 = await list<SchoolClass>(token, '/v2/company_class?status=open&sortField=studentCount&sortOrder=descend&page=2&pageSize=5');
    expect(page2.list.map((c) => c.id)).toEqual(byCount.list.slice(5, 10).map((c) => c.id));
    const byTeacher = await list<SchoolClass>(token, '/v2/company_class?sortField=teacherName&pageSize=100');
    const keys = byTeacher.list.map((c) => sortKey(c.teacherName));
    expect(keys).toEqual([...keys].sort());
    // The keyword finds a teacher's name too.
    const teacher = (await allStaff()).find((s) => s.userId === 4)!;
    const found = await list<SchoolClass>(token, `/v2/company_class?keyword=${encodeURIComponent(teacher.name)}&pageSize=100`);
    expect(found.total).toBe(all.filter((c) => c.teacherName.includes(teacher.name) || c.name.includes(teacher.name) || c.course.includes(teacher.name)).length);
    expect(found.total).toBeGreaterThan(0);
    expect((await call('GET', '/v2/company_class?sortField=roomName', { token })).status).toBe(400);
  });
});

describe('rooms', () => {
  it('a name once per campus; a rename shows on its classes; a room only a closed class used can be deleted', async () => {
    const token = await loginToken('dealer');
    const rooms = await list<Room>(token, '/v2/company_dance_room?sortField=campusName&pageSize=100');
    expect(rooms.total).toBe(8);
    const taken = rooms.list.find((r) => r.campusId === 1)!;
    const dup = await call('POST', '/v2/company_dance_room', { token, body: { campusId: 1, name: taken.name, capacity: 10 } });
    expect(dup).toMatchObject({ status: 400, body: { msg: 'This campus already has a room with that name.' } });
    // The same name in another campus is another room.
    expect((await call('POST', '/v2/company_dance_room', { token, body: { campusId: 2, name: taken.name, capacity: 10 } })).status).toBe(200);

    const cls = (await classesIn(2)).find((c) => c.roomId === taken.id)!;
    const renamed = await call('PUT', '/v2/company_dance_room', { token, body: { id: taken.id, campusId: taken.campusId, name: 'Studio Z 新名', capacity: taken.capacity } });
    expect(renamed.status).toBe(200);
    const shown = await list<SchoolClass>(token, `/v2/company_class?roomId=${taken.id}&pageSize=100`);
    expect(shown.list.find((c) => c.id === cls.id)?.roomName).toBe('Studio Z 新名');

    const made = (await call('POST', '/v2/company_dance_room', { token, body: { campusId: 1, name: 'Studio Y', capacity: 20 } })).body.data as Room;
    const body = { campusId: 1, name: '结课班', course: '爵士', teacherId: cls.teacherId, roomId: made.id, capacity: 10, hoursPerLesson: 1.5, startDate: '2025-01-01', endDate: '2025-03-01', status: 'open' };
    const created = (await call('POST', '/v2/company_class', { token, body })).body.data as SchoolClass;
    expect(created).toMatchObject({ roomName: 'Studio Y', campusName: rooms.list.find((r) => r.campusId === 1)!.campusName, studentCount: 0, hoursPerLesson: 1.5 });
    expect((await call('DELETE', `/v2/company_dance_room/${made.id}`, { token })).status).toBe(400);
    expect((await call('PUT', '/v2/company_class', { token, body: { ...body, id: created.id, status: 'closed' } })).status).toBe(200);
    expect((await call('DELETE', `/v2/company_dance_room/${made.id}`, { token })).status).toBe(200);
    expect((await call('DELETE', `/v2/company_class/${created.id}`, { token })).status).toBe(200);
  });

  it('a teacher renamed: their classes show the new name', async () => {
    const token = await loginToken('dealer');
    const teacher = (await allStaff()).find((s) => s.userId === 4)!;
    const r = await call('PUT', '/v2/company_staff', { token, body: { id: teacher.id, name: '王若汐二', mobile: teacher.mobile, role: teacher.role, campusId: teacher.campusId, status: teacher.status, hireDate: teacher.hireDate } });
    expect(r.status, r.body.msg).toBe(200);
    const theirs = await list<SchoolClass>(token, `/v2/company_class?teacherId=${teacher.id}&pageSize=100`);
    expect(theirs.total).toBeGreaterThan(0);
    expect(theirs.list.every((c) => c.teacherName === '王若汐二')).toBe(true);
  });
});
