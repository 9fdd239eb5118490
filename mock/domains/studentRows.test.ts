/**
 * The students' table and readers (mock/domains/studentRows.ts, groundwork of the students' port): the SQL scope
 * gives the same students as the in-process `studentRows` for a teacher, a sales person, the dealer and a sales
 * person narrowed to their campus or to their own students; a student reads back as written (class ids in the order
 * of enrolment); the table refuses what the rules refuse (a status or gender outside the list, a class with students
 * deleted, a campus that does not exist, a blank name) and enrolments go with their student.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { inTransaction, tx } from '../../server/db';
import { sessionByToken } from '../../server/auth/state';
import { classes, studentClasses, students } from '../../server/db/schema';
import { getDb } from '../db';
import { buildSession } from '../http';
import { call, defaultGroup, loginToken } from '../testing';
import { loadCompany } from './companyRows';
import { loadLeadIds } from './customer';
import { studentRows } from './schoolPolicies';
import { findStudent, insertStudentRow, seedStudentRows, studentsByIds, studentWhere, writeStudents } from './studentRows';

/** Runs `fn` in a transaction that the test rolls back (the table is not seeded yet: each check writes its rows). */
async function rolledBack(fn: () => Promise<void>): Promise<void> {
  const undo = new Error('rolled back');
  await expect(
    inTransaction(async () => {
      await fn();
      throw undo;
    }),
  ).rejects.toBe(undo);
}

/** The ids the in-process scope and the SQL scope give to the session of `token`. */
async function bothScopes(token: string): Promise<{ memory: number[]; table: number[] }> {
  const row = (await sessionByToken(token))!;
  let out = { memory: [] as number[], table: [] as number[] };
  await rolledBack(async () => {
    const db = getDb();
    const session = (await buildSession(db, token, row.userId, row.roleId))!;
    await loadLeadIds(db, session);
    await writeStudents(await tx(), db.students.filter((s) => s.companyId === session.company.id));
    const memory = studentRows(db, session).map((s) => s.id);
    const table = (await (await tx()).select({ id: students.id }).from(students).where(studentWhere(session, db))).map((r) => r.id);
    out = { memory: memory.sort((a, b) => a - b), table: table.sort((a, b) => a - b) };
  });
  return out;
}

describe('the students table', () => {
  it('the SQL scope is the in-process scope: a teacher, a sales person, the dealer', async () => {
    for (const user of ['teacher', 'sales', 'dealer']) {
      const { memory, table } = await bothScopes(await loginToken(user));
      expect(memory.length, user).toBeGreaterThan(0);
      expect(table, user).toEqual(memory);
    }
  });

  it('the SQL scope is the in-process scope for a data scope narrowed to the campus, then to one’s own', async () => {
    const dealer = await loginToken('dealer');
    const group = await defaultGroup(2, 'sales');
    const all = getDb().students.filter((s) => s.companyId === 2).length;
    for (const dataScope of ['campus', 'own']) {
      const r = await call('PUT', '/v2/permission_group/', { token: dealer, body: { id: group.id, name: group.name, flags: group.flags, dataScope } });
      expect(r.status).toBe(200);
      const { memory, table } = await bothScopes(await loginToken('sales'));
      expect(memory.length, dataScope).toBeLessThan(all);
      expect(table, dataScope).toEqual(memory);
    }
  });

  it('reads a student back as written, by id and within a scope', async () => {
    await rolledBack(async () => {
      await loadCompany(2);
      const db = getDb();
      const [a, b] = db.students.filter((s) => s.companyId === 2 && s.classIds.length >= 1);
      await seedStudentRows(await tx(), [a, b]);
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
    const db = getDb();
    const st = db.students.find((s) => s.companyId === 2 && s.classIds.length > 0)!;
    const refused = async (fn: () => Promise<unknown>) => {
      let failed = false;
      await inTransaction(async () => {
        await writeStudents(await tx(), [st]);
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
      await writeStudents(t, [st]);
      await t.delete(students).where(eq(students.id, st.id));
      expect(await t.select().from(studentClasses).where(and(eq(studentClasses.studentId, st.id)))).toEqual([]);
    });
  });
});
