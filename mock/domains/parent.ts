/**
 * The parent's dashboard (issue 31): for a parent (customer) account, one overview per child: hours left (the student
 * list's figure, `renewalState`), the next lessons, homework not handed in yet and unread messages about the child.
 * Data scope: the parent's own children only (`childrenOf`, the students whose parent mobile is the account's);
 * another family's child is 404.
 */
import { getDb, type Db } from '../db';
import { campusById } from './campusRows';
import { settingsOf } from './companySettings';
import { api, definePolicy, HttpError, type Session } from '../http';
import { defineMessages } from '../messages';
import { cardsOfStudent } from './cardLists';
import { nowStamp, today } from '../clock';
import { renewalState } from '../../src/domain/receivers';
import type { Student } from '../../src/types/school';
import type { ParentChild, ParentOverview } from '../../src/types/parent';
import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { inbox, lessons, reservations, studentCards, students } from '../../server/db/schema';
import { idIn } from './scheduleRows';
import { tx } from '../../server/db';
import { unreadCount } from './notify';
import { findStudent, studentsOfRows } from './studentRows';
import { dueHomework } from './teaching';

defineMessages({
  'noun.children': { en: 'Student', zh: '学员' },
});

/** The caller's children (a parent account: the students whose parent mobile is the account's): the one scope of the parent calls. */
export const parentPolicy = definePolicy<Student>({
  name: 'children',
  read: 'isCustomer',
  where: (s) => and(eq(students.companyId, s.company.id), eq(students.mobile, s.user.mobile))!,
  find: (id, scope, lock) => findStudent(getDb(), id, scope, lock),
});

/** How many next lessons a child's card shows. */
export const PARENT_NEXT_LESSONS = 3;

async function overviewOf(db: Db, s: Session, child: Student, now: string): Promise<ParentChild> {
  const companyId = s.company.id;
  const day = now.slice(0, 10);
  const hm = now.slice(11, 16);
  const state = renewalState(await cardsOfStudent(child.id, eq(studentCards.companyId, companyId), day), day, settingsOf(db, companyId));
  const booked = new Set(
    (await (await tx())
      .select({ lessonId: reservations.lessonId })
      .from(reservations)
      .where(and(eq(reservations.companyId, companyId), eq(reservations.studentId, child.id), eq(reservations.status, 'booked')))).map((r) => r.lessonId),
  );
  // Its classes' and booked lessons not over yet, the first few by time.
  const nextLessons = await (await tx())
    .select({ id: lessons.id, date: lessons.date, start: lessons.start, end: lessons.end, className: lessons.className, roomName: lessons.roomName, teacherName: lessons.teacherName })
    .from(lessons)
    .where(
      and(
        eq(lessons.companyId, companyId),
        eq(lessons.status, 'scheduled'),
        or(idIn(lessons.classId, child.classIds), idIn(lessons.id, booked)),
        or(gt(lessons.date, day), and(eq(lessons.date, day), gt(lessons.end, hm))),
      ),
    )
    .orderBy(asc(lessons.date), asc(lessons.start), asc(lessons.id))
    .limit(PARENT_NEXT_LESSONS);
  const homeworkDue = await dueHomework(companyId, child.id, day);
  const unreadNotices = await unreadCount(companyId, s.user.id, aboutChild(child));
  return {
    studentId: child.id,
    name: child.name,
    campusName: campusById(db, child.campusId)?.name ?? child.campusName ?? '',
    hoursLeft: state.usableHours,
    usableCards: state.usable,
    low: state.low,
    expiring: state.expiring,
    nextLessons,
    homeworkDue,
    unreadNotices,
  };
}

/** A message is about a child when it names the child's id (notices) or, for events, the child's name. */
function aboutChild(child: Student): SQL {
  return sql`(case when ${inbox.values} ? 'studentId' then (${inbox.values}->>'studentId') = ${String(child.id)} else (${inbox.studentName} = ${child.name} or ${inbox.values}->>'studentName' = ${child.name}) end)`;
}

export const parentHandlers = [
  /** The parent's dashboard: every child, or one (`studentId`, 404 when it is not the caller's child). */
  api('get', '/v2/parent/overview', { read: parentPolicy }, async (ctx): Promise<ParentOverview> => {
    const now = nowStamp();
    let children = await studentsOfRows(ctx.db, await (await tx()).select().from(students).where(ctx.scope(parentPolicy)).orderBy(asc(students.id)));
    if (ctx.query.studentId !== undefined) {
      const one = children.find((c) => c.id === Number(ctx.query.studentId));
      if (!one) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('noun.children') }));
      children = [one];
    }
    const unreadTotal = await unreadCount(ctx.session.company.id, ctx.session.user.id);
    const list: ParentChild[] = [];
    for (const c of children) list.push(await overviewOf(ctx.db, ctx.session, c, now));
    return { children: list, unreadTotal };
  }),
];
