/**
 * The last seat of a class (issue 32: concurrent writes are safe): two enrolments into a class with one free seat,
 * sent at once, enrol one student; the other is refused as full, and the class never holds more than its capacity.
 * On PostgreSQL the two requests run at the same time (the enrolment locks the class row and counts its seats then);
 * the embedded engine runs them one after the other.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tx } from '../../server/db';
import { classes, studentClasses } from '../../server/db/schema';
import { resetDb } from '../handlers';
import { call, classesIn, loginToken, rowsOf, studentsIn } from '../testing';

beforeEach(() => {
  resetDb();
});

describe('the last seat of a class', () => {
  it('two enrolments at once: one is in, the other is refused as full', async () => {
    const token = await loginToken('dealer');
    const cls = (await classesIn(2)).find((c) => c.status === 'open' && c.studentCount > 0)!;
    const [a, b] = (await studentsIn(2)).filter((s) => s.status === 'active' && !s.classIds.includes(cls.id));
    await (await tx()).update(classes).set({ capacity: cls.studentCount + 1 }).where(eq(classes.id, cls.id));
    const results = await Promise.all([a, b].map((st) => call('POST', '/v2/company_class/enrol', { token, body: { classId: cls.id, studentIds: [st.id] } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.msg).toMatch(/full|free seat/);
    const enrolled = (await rowsOf(studentClasses)).filter((e) => e.classId === cls.id);
    expect(enrolled).toHaveLength(cls.studentCount + 1);
    expect(enrolled.filter((e) => e.studentId === a.id || e.studentId === b.id)).toHaveLength(1);
  });
});
