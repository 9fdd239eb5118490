/**
 * The students' table and readers (mock/domains/studentRows.ts): the SQL scope gives the students the rules give
 * (src/domain/dataScope.ts `applyDataScope` over the company's students: a teacher their classes' students, a data
 * scope narrowed to the campus or to one's own: taught, sold a card, converted from one's lead) for a teacher, a
 * sales person, the dealer and a sales person narrowed to their campus or to their own students, and the ids the
 * request keeps for the in-process rules (`visibleStudentIds`) are the same; a student reads back as written (class
 * ids in the order of enrolment); the table refuses what the rules refuse (a status or gender outside the list, a
 * class with students deleted, a campus that does not exist, a blank name) and enrolments go with their student.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { inTransaction, tx } from '../../server/db';
import { sessionByToken } from '../../server/auth/state';
import { classes, studentClasses, students } from '../../server/db/schema';
import { getDb } from '../db';
import { buildSession } from '../http';
import { call, defaultGroup, loginToken, studentsIn } from '../testing';
import { applyDataScope } from '../../src/domain/dataScope';
import { leadIdsOf, viewerOf, visibleClassIds } from './dataScope';
import { classesOf } from './schoolRows';
import { loadCompany } from './companyRows';
import { loadLeadIds } from './customer';
import { findStudent, insertStudentRow, loadVisibleStudents, studentsByIds, studentWhere, visibleStudentIds } from './studentRows';

/** Runs `fn` in a transaction that the test rolls back. */
async function rolledBack(fn: () => Promise<void>): Promise<void> {
  const undo = new Error('rolled back');
  await expect(
    inTransaction(async () => {
      await fn();
      throw undo;
    }),
  ).rejects.toBe(undo);
}

/**
 * The ids the rules give (`rule`: the data scope applied to the company's students as the API answers them), the SQL
 * scope gives (`table`) and the request keeps (`memo`) for the session of `token`.
 */
async function bothScopes(token: string): Promise<{ rule: number[]; table: number[]; memo: number[] }> {
  const row = (await sessionByToken(token))!;
  let out = { rule: [] as number[], table: [] as number[], memo: [] as number[] };
  const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
  await rolledBack(async () => {
    const db = getDb();
    const session = (await buildSession(db, token, row.userId, row.roleId))!;
    await loadLeadIds(db, session);
    await loadVisibleStudents(db, session);
    const all = await studentsIn(session.company.id);
    const taught = visibleClassIds(db, session);
    const v = viewerOf(db, session);
    const myClasses = new Set(classesOf(db, session.company.id).filter((c) => v?.staffId !== undefined && c.teacherId === v.staffId).map((c) => c.id));
    const sold = new Set(db.studentCards.filter((c) => c.companyId === session.company.id && v?.staffId !== undefined && c.sellerId === v.staffId).map((c) => c.studentId));
    const ownLeads = v ? leadIdsOf(session, 'owned') : new Set<number>();
    const rule = applyDataScope(taught ? all.filter((st) => st.classIds.some((id) => taught.has(id))) : all, v, (st) => ({
      campusId: st.campusId,
      own: sold.has(st.id) || st.classIds.some((id) => myClasses.has(id)) || (st.leadId !== undefined && ownLeads.has(st.leadId)),
    }));
    const table = (await (await tx()).select({ id: students.id }).from(students).where(studentWhere(session, db))).map((r) => r.id);
    const visible = visibleStudentIds(db, session);
    out = { rule: sorted(rule.map((s) => s.id)), table: sorted(table), memo: visible ? sorted(visible) : sorted(all.map((s) => s.id)) };
  });
  return out;
}

describe('the students table', () => {
  it('the SQL scope and the ids the request keeps are the rules’ scope: a teacher, a sales person, the dealer', async () => {
    for (const user of ['teacher', 'sales', 'dealer']) {
      const { rule, table, memo } = await bothScopes(await loginToken(user));
      expect(rule.length, user).toBeGreaterThan(0);
      expect(table, user).toEqual(rule);
      expect(memo, user).toEqual(rule);
    }
  });

  it('the same for a data scope narrowed to the campus, then to one’s own', async () => {
    const dealer = await loginToken('dealer');
    const group = await defaultGroup(2, 'sales');
    const all = (await studentsIn(2)).length;
    for (const dataScope of ['campus', 'own']) {
      const r = await call('PUT', '/v2/permission_group/', { token: dealer, body: { id: group.id, name: group.name, flags: group.flags, dataScope } });
      expect(r.status).toBe(200);
      const { rule, table, memo } = await bothScopes(await loginToken('sales'));
      expect(rule.length, dataScope).toBeLessThan(all);
      expect(table, dataScope).toEqual(rule);
      expect(memo, dataScope).toEqual(rule);
    }
  });

  it('reads a student back as written, by id and within a scope', async () => {
    await rolledBack(async () => {
      await loadCompany(2);
      const db = getDb();
      const [a, b] = (await studentsIn(2)).filter((s) => s.classIds.length >= 1);
      expect(await studentsByIds(db, 2, [b.id, a.id, a.id, -1])).toEqual([a, b].sort((x, y) => x.id - y.id));
      expect(await studentsByIds(db, 3, [a.id])).toEqual([]);
      expect(await findStudent(db, a.id, eq(students.companyId, 2), true)).toEqual(a);
      expect(await findStudent(db, a.id, eq(students.companyId, 3), false)).toBeUndefined();
      const klass = (await (await tx()).select().from(classes).where(eq(classes.companyId, 2))).slice(0, 2);
      const made = await insertStudentRow(db, { ...a, name: '新学员', classIds: [klass[1].id, klass[0].id], leadId: undefined, remark: undefined });
      expect(made.id).toBeGreaterThan(0);
      expect(await findStudent(db, made.id, undefined, false)).toEqual(made);
      expect(made.classIds).toEqual([klass[1].id, klass[0].id]);
      expect(made.campusName).toBe(a.campusName);
    });
  });

  it('refuses what the rules refuse; enrolments go with their student', async () => {
    const st = (await studentsIn(2)).find((s) => s.classIds.length > 0)!;
    const refused = async (fn: () => Promise<unknown>) => {
      let failed = false;
      await inTransaction(async () => {
        const t = await tx();
        await t.execute(sql`savepoint probe`);
        try {
          await fn();
        } catch {
          failed = true;
        }
        await t.execute(sql`rollback to savepoint probe`);
        throw new Error('undo');
      }).catch((e: Error) => expect(e.message).toBe('undo'));
      return failed;
    };
    expect(await refused(async () => (await tx()).update(students).set({ status: 'left' as never }).where(eq(students.id, st.id)))).toBe(true);
    expect(await refused(async () => (await tx()).update(students).set({ gender: 'x' as never }).where(eq(students.id, st.id)))).toBe(true);
    expect(await refused(async () => (await tx()).delete(classes).where(eq(classes.id, st.classIds[0])))).toBe(true);
    expect(await refused(async () => (await tx()).update(students).set({ campusId: 999999 }).where(eq(students.id, st.id)))).toBe(true);
    expect(await refused(async () => (await tx()).update(students).set({ name: '  ' }).where(eq(students.id, st.id)))).toBe(true);
    // A status of the list passes (the probe itself works).
    expect(await refused(async () => (await tx()).update(students).set({ status: 'graduated' }).where(eq(students.id, st.id)))).toBe(false);
    // Enrolments go with their student.
    await rolledBack(async () => {
      const t = await tx();
      expect((await t.select().from(studentClasses).where(eq(studentClasses.studentId, st.id))).length).toBeGreaterThan(0);
      await t.delete(students).where(eq(students.id, st.id));
      expect(await t.select().from(studentClasses).where(and(eq(studentClasses.studentId, st.id)))).toEqual([]);
    });
  });
});
