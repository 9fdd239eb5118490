/**
 * A failed import leaves no row (issue 32): the rows of an import are written in the request's transaction, so when
 * the database refuses one of them after every check passed (here a trigger of this test's own database refuses the
 * third student), the students and enrolments written before it go too, and so do the cards and hour records the
 * earlier rows issued (still in the process: the handler takes them back).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { tx } from '../../server/db';
import { studentClasses } from '../../server/db/schema';
import { getDb } from '../db';
import { resetDb } from '../handlers';
import { allStudents, call, loginToken, rowsOf } from '../testing';

beforeEach(() => {
  resetDb();
});

describe('a failed import', () => {
  it('leaves no student, enrolment, card or hour record behind', async () => {
    const token = await loginToken('dealer');
    const context = await call('GET', '/v2/student/import/context', { token });
    expect(context.status).toBe(200);
    const ctx = context.body.data as { campuses: { id: number; name: string }[]; classes: { id: number; name: string; campusId: number; free: number }[]; templates: { name: string; kind: string }[] };
    const campus = ctx.campuses[0];
    const cls = ctx.classes.find((c) => c.campusId === campus.id && c.free >= 3)!;
    const count = ctx.templates.find((tp) => tp.kind === 'count')!;
    const rows = ['导入成功甲', '导入成功乙', '导入失败丙'].map((name, i) => ({ rowNo: i + 2, name, mobile: `1391234567${i}`, gender: 'female', campus: campus.name, classes: cls.name, card: count.name, hours: 10 }));
    // The database refuses the third student (after the handler's checks, which it passes).
    const t = await tx();
    await t.execute(sql`create function refuse_third() returns trigger language plpgsql as $$ begin if new.name = '导入失败丙' then raise exception 'refused by the test'; end if; return new; end $$`);
    await t.execute(sql`create trigger refuse_third before insert on students for each row execute function refuse_third()`);
    const db = getDb();
    const before = { students: (await allStudents()).length, enrolments: (await rowsOf(studentClasses)).length, cards: db.studentCards.length, records: db.hourRecords.length };
    const r = await call('POST', '/v2/student/import', { token, body: { rows } });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect({ students: (await allStudents()).length, enrolments: (await rowsOf(studentClasses)).length, cards: db.studentCards.length, records: db.hourRecords.length }).toEqual(before);
    expect((await allStudents()).filter((s) => s.name.startsWith('导入'))).toEqual([]);
    // Without the refusal the same file goes in whole.
    await t.execute(sql`drop trigger refuse_third on students`);
    const ok = await call('POST', '/v2/student/import', { token, body: { rows } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ created: 3, cards: 3, hours: 30 });
    expect((await allStudents()).length).toBe(before.students + 3);
  });
});
