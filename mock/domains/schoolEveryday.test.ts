// @vitest-environment node
/**
 * Everyday findings of the school calls (issue 9): "Enrol in class" names each class's campus and offers full classes
 * disabled; the student drawer lists only lessons since the student joined.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../db';
import { resetDb } from '../handlers';
import { allLessons, call, classesIn, loginToken, studentsIn } from '../testing';
import { tx } from '../../server/db';
import { classes, students } from '../../server/db/schema';
import { stampDate } from '../../server/db/time';
import { eq } from 'drizzle-orm';

beforeEach(() => {
  resetDb();
});

describe('class options for enrolment', () => {
  it('name the campus, and show a full class disabled only when enrolling', async () => {
    const db = getDb();
    const all = await classesIn(2);
    const full = all.find((c) => c.status === 'open' && c.studentCount > 0)!;
    full.capacity = full.studentCount;
    await (await tx()).update(classes).set({ capacity: full.capacity }).where(eq(classes.id, full.id));
    const token = await loginToken('manager');
    const enrol = (await call('GET', '/v2/company_class/options?enrol=1', { token })).body.data as { value: number; label: string; disabled?: boolean }[];
    const option = enrol.find((o) => o.value === full.id)!;
    expect(option.label).toContain(` · ${full.campusName} · `);
    expect(option.disabled).toBe(true);
    const open = enrol.filter((o) => !o.disabled).map((o) => all.find((c) => c.id === o.value)!);
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((c) => c.studentCount < c.capacity)).toBe(true);
    const plain = (await call('GET', '/v2/company_class/options', { token })).body.data as { value: number; disabled?: boolean }[];
    expect(plain.find((o) => o.value === full.id)?.disabled).toBeUndefined();
  });
});

describe('student detail', () => {
  it('lists only the lessons since the student joined', async () => {
    const today = new Date().toISOString().slice(0, 10);
    // A class student whose class had lessons before a join date we give them.
    const lessons = await allLessons();
    const student = (await studentsIn(2)).find((s) => {
      if (!s.classIds.length) return false;
      const dates = lessons.filter((l) => s.classIds.includes(l.classId) && l.date <= today).map((l) => l.date);
      return new Set(dates).size >= 4;
    })!;
    const dates = [...new Set(lessons.filter((l) => student.classIds.includes(l.classId) && l.date <= today).map((l) => l.date))].sort();
    const joined = dates[Math.floor(dates.length / 2)];
    await (await tx()).update(students).set({ createdAt: stampDate(`${joined} 09:00:00`) }).where(eq(students.id, student.id));
    const token = await loginToken('manager');
    const detail = (await call('GET', `/v2/student/${student.id}`, { token })).body.data as { lessons: { date: string; status: string }[] };
    expect(detail.lessons.length).toBeGreaterThan(0);
    expect(detail.lessons.every((l) => l.date >= joined)).toBe(true);
    expect(dates.some((d) => d < joined)).toBe(true);
  });
});
