/**
 * Homework and exam scores (docs/rules.md#homework-and-scores, docs/screens.md#teaching-and-communication): tables, deterministic seed and calls.
 * Access: read by anyone with the educational or student flag within their class scope (teachers: their own
 * classes, through schoolPolicies' `classRows`); written by store managers, managers and the class's teacher
 * (`canManageClassHomework`), the server refusing (403/404) everything else.
 */
import { getDb, type Db, type SqlSeeder } from '../db';
import { api, definePolicy, HttpError, type AuthedCtx, type Session } from '../http';
import { defineMessages } from '../messages';
import { listQuery } from '../list';
import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { restartIdentities, tx } from '../../server/db';
import { insertMany } from '../../server/db/bulk';
import { sqlList, type SqlListSpec } from '../../server/db/list';
import { sortKey } from '../../server/db/sortKey';
import { stampDate, stampOf } from '../../server/db/time';
import { exams, homework, scores, studentClasses, submissions } from '../../server/db/schema';
import { addDays, notAfterNow, nowStamp, today } from '../clock';
import { createRng } from '../random';
import type { Access } from '../../src/access';
import type { Exam, Homework, ScoreCell, ScoreSheet, Submission, StudentHomework, StudentScoreRow } from '../../src/types/teaching';
import type { SchoolClass, Student } from '../../src/types/school';
import { applyMove, canDeleteHomework, canManageClassHomework, HomeworkError, submissionCounts, type SubmissionAction } from '../../src/domain/homework';
import { scoreProblem, subjectStats } from '../../src/domain/scores';
import { CheckBody, ExamBody, HomeworkBody, RejectBody, ScoresBody, SubmitBody } from '../../src/types/teaching.schemas';
import { classRows } from './teachingScope';
import { visibleStudentIds } from './schoolPolicies';
import { findStudent, studentNames, studentsInClass, studentWhere } from './studentRows';
import { narrowsScope } from './dataScope';
import { operatorOf } from './school';
import { classesOf } from './schoolRows';
import { emit } from './notify';
import { created as markCreated } from './audit';

/** Rows as the API shows them (the tables are in server/db/schema/teaching.ts). */
type HomeworkRow = Omit<Homework, 'counts'>;
type ExamRow = Omit<Exam, 'scoredCount' | 'studentCount'>;
interface ScoreRow {
  id: number;
  companyId: number;
  examId: number;
  studentId: number;
  subject: string;
  score: number | null;
  absent: boolean;
}

function homeworkOf(r: typeof homework.$inferSelect): HomeworkRow {
  return { id: r.id, companyId: r.companyId, classId: r.classId, className: r.className, teacherName: r.teacherName, title: r.title, content: r.content, dueDate: r.dueDate, studentIds: r.studentIds, createdAt: stampOf(r.createdAt), createdBy: r.createdBy };
}
function homeworkRecord(h: HomeworkRow): typeof homework.$inferInsert {
  return { ...h, titleSort: sortKey(h.title), createdAt: stampDate(h.createdAt) };
}
/** A submission as the API shows it: fields without a value are left out. */
function submissionOf(r: typeof submissions.$inferSelect): Submission {
  const sub: Submission = { id: r.id, companyId: r.companyId, homeworkId: r.homeworkId, studentId: r.studentId, studentName: r.studentName, status: r.status };
  if (r.text !== null) sub.text = r.text;
  if (r.submittedAt) sub.submittedAt = stampOf(r.submittedAt);
  if (r.stars !== null) sub.stars = r.stars;
  if (r.comment !== null) sub.comment = r.comment;
  if (r.rejectReason !== null) sub.rejectReason = r.rejectReason;
  if (r.checkedAt) sub.checkedAt = stampOf(r.checkedAt);
  if (r.checkerName !== null) sub.checkerName = r.checkerName;
  return sub;
}
function submissionRecord(x: Submission): typeof submissions.$inferInsert {
  return {
    ...x,
    studentNameSort: sortKey(x.studentName),
    text: x.text ?? null,
    submittedAt: x.submittedAt ? stampDate(x.submittedAt) : null,
    stars: x.stars ?? null,
    comment: x.comment ?? null,
    rejectReason: x.rejectReason ?? null,
    checkedAt: x.checkedAt ? stampDate(x.checkedAt) : null,
    checkerName: x.checkerName ?? null,
  };
}
function examOf(r: typeof exams.$inferSelect): ExamRow {
  return { id: r.id, companyId: r.companyId, classId: r.classId, className: r.className, name: r.name, date: r.date, subjects: r.subjects, createdAt: stampOf(r.createdAt), createdBy: r.createdBy };
}

/** Rows of ids, or none when the list is empty. */
function anyOf(column: PgColumn, ids: Iterable<number>): SQL {
  const list = [...ids];
  return list.length ? inArray(column, list) : sql`false`;
}

defineMessages({
  'hw.homework': { en: 'Homework', zh: '作业' },
  'hw.submission': { en: 'Submission', zh: '作业提交' },
  'hw.exam': { en: 'Exam', zh: '考试' },
  'hw.class': { en: 'Class', zh: '班级' },
  'hw.student': { en: 'Student', zh: '学员' },
  'hw.notAllowed': { en: 'This submission cannot be moved that way from its current state.', zh: '该作业提交当前状态下不能执行此操作。' },
  'hw.badStars': { en: 'Stars are a whole number from 1 to 5.', zh: '星级须为 1 到 5 的整数。' },
  'hw.reasonRequired': { en: 'Please give a reason.', zh: '请填写原因。' },
  'hw.textRequired': { en: 'The submission text is required.', zh: '请填写提交内容。' },
  'hw.hasChecked': { en: 'This homework has {n, plural, one {# checked submission} other {# checked submissions}} and cannot be deleted.', zh: '该作业已有 {n} 份批改过的提交，不能删除。' },
  'hw.notInClass': { en: 'Student {name} is not in this class.', zh: '学员 {name} 不在该班级。' },
  'hw.noStudents': { en: 'The class has no students to assign homework to.', zh: '该班级没有学员，无法布置作业。' },
  'hw.notYourClass': { en: 'You can only manage your own classes.', zh: '只能管理自己的班级。' },
  'hw.dueBeforeToday': { en: 'The due date cannot be in the past.', zh: '截止日期不能早于今天。' },
  'exam.subjectTwice': { en: 'Subject {name} appears twice.', zh: '科目 {name} 重复。' },
  'exam.unknownSubject': { en: 'The exam has no subject {name}.', zh: '该考试没有科目 {name}。' },
  'exam.notInClass': { en: 'Student {name} is not in the exam\'s class.', zh: '学员 {name} 不在该考试的班级。' },
  'exam.score.negative': { en: '{name} · {subject}: the score cannot be negative.', zh: '{name} · {subject}：分数不能为负。' },
  'exam.score.aboveFull': { en: '{name} · {subject}: the score cannot exceed the full mark {full}.', zh: '{name} · {subject}：分数不能超过满分 {full}。' },
  'exam.score.decimals': { en: '{name} · {subject}: at most one decimal.', zh: '{name} · {subject}：最多一位小数。' },
  'exam.score.notNumber': { en: '{name} · {subject}: the score must be a number.', zh: '{name} · {subject}：分数必须是数字。' },
  'exam.score.badFullMark': { en: '{subject}: the full mark is not valid.', zh: '{subject}：满分无效。' },
  'exam.absentWithScore': { en: '{name} · {subject}: an absent student has no score.', zh: '{name} · {subject}：缺考学员不能有分数。' },
  'exam.subjectsLocked': { en: 'Scores are recorded for subject {name}: it cannot be removed.', zh: '科目 {name} 已录入分数，不能删除。' },
  'exam.fullBelowScores': { en: 'Subject {name} has a score of {max}: the full mark cannot be lower.', zh: '科目 {name} 已有 {max} 分，满分不能更低。' },
  'exam.classLocked': { en: 'Scores are recorded: the class cannot be changed.', zh: '已录入分数，不能更换班级。' },
  'field.stars': { en: 'Stars', zh: '星级' },
  'field.comment': { en: 'Comment', zh: '评语' },
  'field.dueDate': { en: 'Due date', zh: '截止日期' },
  'field.text': { en: 'Text', zh: '内容' },
  'field.subjects': { en: 'Subjects', zh: '科目' },
  'field.entries': { en: 'Scores', zh: '分数' },
  'field.examId': { en: 'Exam', zh: '考试' },
  'field.fullMark': { en: 'Full mark', zh: '满分' },
});

/* ---------------- access ---------------- */

const readTeaching = (a: Access) => a.educationalManagement || a.studentManagement;
/** Writers: the roles that may manage some class (the class itself is checked per call). */
const teachingWriter = (_a: Access, s: Session) => canManageClassHomework(s.membership.role, true);

/** The students of a permission group's data scope, when it narrows the caller's lists (undefined otherwise). */
function scopedStudentIds(db: Db, s: Session): Set<number> | undefined {
  return narrowsScope(db, s) ? visibleStudentIds(db, s) : undefined;
}

/**
 * Homework of the classes the caller sees (`classRows`); with a permission group's data scope, only homework given
 * to at least one student of their list. Its students, submissions and counts are those of the caller's student
 * list (`studentRows`): `submissionWhere`, `homeworkViews` (issue 29). The classes and students still live in the
 * server's memory (their domain is not ported yet): the scope passes their ids to the query.
 */
function homeworkWhere(s: Session, db: Db): SQL {
  const visible = scopedStudentIds(db, s);
  return and(
    eq(homework.companyId, s.company.id),
    anyOf(homework.classId, classRows(db, s).map((c) => c.id)),
    visible ? sql`${homework.studentIds} && ${intArray(visible)}` : undefined,
  )!;
}
function submissionWhere(s: Session, db: Db): SQL {
  const visible = visibleStudentIds(db, s);
  return and(
    eq(submissions.companyId, s.company.id),
    sql`${submissions.homeworkId} in (select ${homework.id} from ${homework} where ${homeworkWhere(s, db)})`,
    visible ? anyOf(submissions.studentId, visible) : undefined,
  )!;
}
/** Exams of the classes the caller sees; with a data scope, of the classes holding students of their list (`scopedStudentIds`). */
function examWhere(s: Session, db: Db): SQL {
  const visible = scopedStudentIds(db, s);
  return and(
    eq(exams.companyId, s.company.id),
    anyOf(exams.classId, classRows(db, s).map((c) => c.id)),
    visible ? sql`${exams.classId} in (select ${studentClasses.classId} from ${studentClasses} where ${studentClasses.studentId} = any(${intArray(visible)}))` : undefined,
  )!;
}

/** An int[] parameter. */
function intArray(ids: Iterable<number>): SQL {
  return sql`${`{${[...ids].join(',')}}`}::int[]`;
}

async function findHomework(id: number, scope: SQL | undefined, lock: boolean): Promise<HomeworkRow | undefined> {
  const q = (await tx()).select().from(homework).where(and(eq(homework.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && homeworkOf(r);
}
async function findSubmission(id: number, scope: SQL | undefined, lock: boolean): Promise<Submission | undefined> {
  const q = (await tx()).select().from(submissions).where(and(eq(submissions.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && submissionOf(r);
}
async function findExam(id: number, scope: SQL | undefined, lock: boolean): Promise<ExamRow | undefined> {
  const q = (await tx()).select().from(exams).where(and(eq(exams.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && examOf(r);
}

export const homeworkPolicy = definePolicy<HomeworkRow>({ name: 'homework', read: readTeaching, write: ['educationalManagement', teachingWriter], where: homeworkWhere, find: findHomework });
export const submissionPolicy = definePolicy<Submission>({ name: 'submissions', read: readTeaching, write: ['educationalManagement', teachingWriter], where: submissionWhere, find: findSubmission });
/** Recording a submission for a student (the student's side): anyone who may read the student's homework and edit students or teach. */
export const submitPolicy = definePolicy<Submission>({ name: 'submissions (student side)', read: readTeaching, write: [(_a: Access, s: Session) => ['dealer', 'manager', 'teacher', 'sales'].includes(s.membership.role)], where: submissionWhere, find: findSubmission });
export const examPolicy = definePolicy<ExamRow>({ name: 'exams', read: readTeaching, write: ['educationalManagement', teachingWriter], where: examWhere, find: findExam });
export const teachingClassPolicy = definePolicy<SchoolClass>({ name: 'classes', read: readTeaching, write: ['educationalManagement', teachingWriter], rows: classRows });
const teachingStudentPolicy = definePolicy<Student>({ name: 'students', read: readTeaching, where: studentWhere, find: (id, scope, lock) => findStudent(getDb(), id, scope, lock) });

/* ---------------- helpers ---------------- */

/** Homework as the caller sees it: its students and counts within their student list. */
async function homeworkViews(db: Db, s: Session, rows: HomeworkRow[]): Promise<Homework[]> {
  if (!rows.length) return [];
  const visible = visibleStudentIds(db, s);
  const subs = await (await tx())
    .select({ homeworkId: submissions.homeworkId, studentId: submissions.studentId, status: submissions.status })
    .from(submissions)
    .where(and(eq(submissions.companyId, s.company.id), anyOf(submissions.homeworkId, rows.map((h) => h.id)), visible ? anyOf(submissions.studentId, visible) : undefined));
  return rows.map((h) => ({
    ...h,
    studentIds: visible ? h.studentIds.filter((id) => visible.has(id)) : h.studentIds,
    counts: submissionCounts(subs.filter((x) => x.homeworkId === h.id)),
  }));
}

/** The students of a class now, in id order. */
function classStudents(db: Db, cls: SchoolClass): Promise<Student[]> {
  return studentsInClass(db, cls.companyId, cls.id);
}

/** The same among the seed's students (the in-process seed). */
function seedClassStudents(db: Db, cls: SchoolClass): Student[] {
  return db.seedStudents.filter((s) => s.companyId === cls.companyId && s.classIds.includes(cls.id));
}

async function withExamCounts(db: Db, rows: ExamRow[]): Promise<Exam[]> {
  if (!rows.length) return [];
  const scored = await (await tx())
    .select({ examId: scores.examId, n: sql<number>`count(distinct ${scores.studentId})::int` })
    .from(scores)
    .where(and(anyOf(scores.examId, rows.map((e) => e.id)), sql`(${scores.score} is not null or ${scores.absent})`))
    .groupBy(scores.examId);
  return rows.map((e) => {
    const cls = classesOf(db, e.companyId).find((c) => c.id === e.classId);
    return { ...e, scoredCount: scored.find((x) => x.examId === e.id)?.n ?? 0, studentCount: cls?.studentCount ?? 0 };
  });
}

async function examScores(examId: number): Promise<ScoreRow[]> {
  const rows = await (await tx()).select().from(scores).where(eq(scores.examId, examId)).orderBy(asc(scores.id));
  return rows.map((r) => ({ id: r.id, companyId: r.companyId, examId: r.examId, studentId: r.studentId, subject: r.subject, score: r.score, absent: r.absent }));
}

function homeworkError(ctx: AuthedCtx, e: unknown): never {
  if (e instanceof HomeworkError) throw ctx.bad(`hw.${e.code}`);
  throw e;
}

async function sheetOf(db: Db, exam: ExamRow, visible?: Set<number>): Promise<ScoreSheet> {
  const cls = classesOf(db, exam.companyId).find((c) => c.id === exam.classId);
  const students = cls ? await classStudents(db, cls) : [];
  const recorded = await examScores(exam.id);
  // Students who left the class keep their recorded scores on the sheet; a data scope shows its students only.
  const ids = new Set([...students.map((s) => s.id), ...recorded.map((s) => s.studentId)].filter((id) => !visible || visible.has(id)));
  const names = await studentNames(db, exam.companyId, ids);
  const rows = [...ids].map((id) => {
    const st = { name: names.get(id) };
    const cells: Record<string, ScoreCell> = {};
    exam.subjects.forEach((sub) => {
      const row = recorded.find((s) => s.studentId === id && s.subject === sub.name);
      cells[sub.name] = { score: row?.score ?? null, absent: row?.absent ?? false };
    });
    return { studentId: id, studentName: st?.name ?? '', cells };
  });
  rows.sort((a, b) => a.studentId - b.studentId);
  const stats = exam.subjects.map((sub) => ({ ...sub, ...subjectStats(rows.map((r) => r.cells[sub.name]), sub.fullMark) }));
  const [withCounts] = await withExamCounts(db, [exam]);
  return { exam: withCounts, rows, stats };
}

/* ---------------- seed ---------------- */

const HOMEWORK_TEXTS: [string, string][] = [
  ['基本功练习视频', '每天压腿 15 分钟，录一段 1 分钟的视频上传。注意膝盖伸直，脚背绷直。'],
  ['组合动作复习', '复习本周学的组合第一段，家长帮忙录像，周五前提交。'],
  ['节奏感练习', '跟着节拍器（每分钟 90 拍）拍手 3 分钟，记录能否跟上。'],
  ['舞蹈日记', '写 100 字左右的舞蹈日记：这周最喜欢的动作是什么？为什么？'],
  ['柔韧性打卡', '每天下腰、劈叉各 3 组，连续打卡 5 天，写下每天的感受。'],
];
const SUBMIT_TEXTS = ['已完成，视频已上传到班级群。', '今天练了 20 分钟，劈叉比上周低了 2 厘米。', '组合第一段已能完整跳下来，第二个八拍还有点乱。', '跟上了节拍器，最后 30 秒有点快。', '我最喜欢旋转，因为转起来像在飞。'];
const COMMENTS = ['动作很标准，继续保持！', '膝盖再伸直一些会更好。', '进步很大，节奏感不错。', '态度认真，值得表扬。'];
const REJECTS = ['视频只有 20 秒，请补充完整。', '没有看到要求的第二段动作，请重新录制。'];

/** The demo rows (deterministic; read by the seed checks too), from the classes and students of the seed. */
export interface TeachingSeed {
  homework: HomeworkRow[];
  submissions: Submission[];
  exams: ExamRow[];
  scores: ScoreRow[];
}

export function teachingSeed(db: Db): TeachingSeed {
  const out: TeachingSeed = { homework: [], submissions: [], exams: [], scores: [] };
  const ids = { homework: 0, submissions: 0, exams: 0, scores: 0 };
  const next = (table: keyof typeof ids) => (ids[table] += 1);
  const rng = createRng(1310);
  const t = today();
  for (const companyId of [2, 3]) {
    const classes = db.seedClasses.filter((c) => c.companyId === companyId && c.status === 'open').slice(0, companyId === 2 ? 10 : 2);
    classes.forEach((cls, ci) => {
      const students = seedClassStudents(db, cls);
      if (students.length === 0) return;
      for (let k = 0; k < 2; k += 1) {
        const [title, content] = HOMEWORK_TEXTS[(ci + k) % HOMEWORK_TEXTS.length];
        const id = next('homework');
        const created = addDays(t, -(k * 7 + 3));
        out.homework.push({
          id,
          companyId,
          classId: cls.id,
          className: cls.name,
          teacherName: cls.teacherName,
          title,
          content,
          dueDate: addDays(created, 5),
          studentIds: students.map((s) => s.id),
          createdAt: `${created} 19:30:00`,
          createdBy: cls.teacherName,
        });
        students.forEach((st) => {
          const roll = rng.next();
          // The newest homework has no checked submission yet (so it can be deleted); older ones do.
          const status = k === 0 ? (roll < 0.5 ? 'submitted' : roll < 0.6 ? 'rejected' : 'pending') : roll < 0.55 ? 'checked' : roll < 0.75 ? 'submitted' : roll < 0.85 ? 'rejected' : 'pending';
          const sub: Submission = { id: next('submissions'), companyId, homeworkId: id, studentId: st.id, studentName: st.name, status };
          if (status !== 'pending') {
            sub.text = rng.pick(SUBMIT_TEXTS);
            // Handed in one to four days after it was set, at the latest yesterday evening (never after the clock).
            const day = [addDays(created, rng.int(1, 4)), addDays(t, -1)].sort()[0];
            sub.submittedAt = `${day} 20:${String(rng.int(10, 59))}:00`;
          }
          // Checked the day after the due date's eve, or by now when that is still ahead; always after the submission.
          const checkedAt = notAfterNow(`${addDays(created, 5)} 10:00:00`);
          if (status === 'checked') Object.assign(sub, { stars: rng.int(3, 5), comment: rng.pick(COMMENTS), checkedAt, checkerName: cls.teacherName });
          if (status === 'rejected') Object.assign(sub, { rejectReason: rng.pick(REJECTS), checkedAt, checkerName: cls.teacherName });
          out.submissions.push(sub);
        });
      }
      if (ci < 6) {
        const examId = next('exams');
        const date = addDays(t, -20 - ci);
        const subjects = ci % 2 === 0 ? [{ name: '基本功', fullMark: 100 }, { name: '组合', fullMark: 100 }] : [{ name: '乐理', fullMark: 50 }, { name: '表演', fullMark: 100 }];
        out.exams.push({ id: examId, companyId, classId: cls.id, className: cls.name, name: `${date.slice(0, 7)} 月度考核`, date, subjects, createdAt: `${date} 18:00:00`, createdBy: cls.teacherName });
        students.forEach((st) =>
          subjects.forEach((sub) => {
            const absent = rng.chance(0.06);
            const score = absent ? null : Math.round(sub.fullMark * (0.45 + rng.next() * 0.55) * 10) / 10;
            out.scores.push({ id: next('scores'), companyId, examId, studentId: st.id, subject: sub.name, score, absent });
          }),
        );
      }
    });
  }
  return out;
}

/** The demo rows in the database (demo mode), with their ids; the identity sequences continue after them. */
export const seedTeaching: SqlSeeder = async (sql, db) => {
  const rows = teachingSeed(db);
  await insertMany(sql, homework, rows.homework.map(homeworkRecord));
  await insertMany(sql, submissions, rows.submissions.map(submissionRecord));
  await insertMany(sql, exams, rows.exams.map((e) => ({ ...e, createdAt: stampDate(e.createdAt) })));
  await insertMany(sql, scores, rows.scores);
  await restartIdentities(sql, ['homework', 'submissions', 'exams', 'scores']);
};

/** A child's homework still to hand in (pending or returned), due today or later, soonest first (the parent's overview). */
export async function dueHomework(companyId: number, studentId: number, day: string) {
  const rows = await (await tx())
    .select({ id: submissions.id, title: homework.title, className: homework.className, dueDate: homework.dueDate, status: submissions.status })
    .from(submissions)
    .innerJoin(homework, eq(homework.id, submissions.homeworkId))
    .where(and(eq(submissions.companyId, companyId), eq(submissions.studentId, studentId), inArray(submissions.status, ['pending', 'rejected']), gte(homework.dueDate, day)))
    .orderBy(asc(homework.dueDate), asc(submissions.id));
  return rows;
}

/* ---------------- calls ---------------- */

function manageableClass(ctx: AuthedCtx, classId: number): SchoolClass {
  const cls = ctx.target(teachingClassPolicy, classId, 'hw.class');
  const mine = classRows(ctx.db, ctx.session).some((c) => c.id === cls.id);
  if (!canManageClassHomework(ctx.session.membership.role, mine)) throw new HttpError(403, ctx.t('hw.notYourClass'));
  return cls;
}

async function moveSubmission(ctx: AuthedCtx<Record<string, string>, { id: number } & Record<string, unknown>>, action: SubmissionAction, side: 'student' | 'teacher'): Promise<Submission> {
  const sub = await ctx.find(side === 'teacher' ? submissionPolicy : submitPolicy, ctx.body.id, 'hw.submission');
  const b = ctx.body as { text?: string; stars?: number; comment?: string; reason?: string };
  let next: Submission;
  try {
    next = applyMove(sub, action, side, { text: b.text, stars: b.stars, comment: b.comment, reason: b.reason });
  } catch (e) {
    homeworkError(ctx, e);
  }
  const at = nowStamp();
  Object.assign(sub, next, side === 'teacher' ? { checkedAt: at, checkerName: operatorOf(ctx.db, ctx.session).name } : { submittedAt: at });
  // The domain's move may clear fields (a resubmission drops the reject reason): every column is written.
  const record = submissionRecord(sub);
  for (const f of ['text', 'stars', 'comment', 'rejectReason', 'checkedAt', 'checkerName', 'submittedAt'] as const) if (!(f in next) && !(f in sub)) record[f] = null;
  await (await tx()).update(submissions).set(record).where(eq(submissions.id, sub.id));
  return sub;
}

const HOMEWORK_LIST: SqlListSpec = {
  keyword: [homework.title, homework.className, homework.content],
  equal: { classId: homework.classId },
  day: homework.dueDate,
  sortable: { dueDate: homework.dueDate, createdAt: homework.createdAt, title: sql`${homework.titleSort} collate "C"` },
  defaultSort: { field: 'createdAt', order: 'descend' },
  tiebreak: [asc(homework.id)],
};
const SUBMISSION_LIST: SqlListSpec = {
  keyword: [submissions.studentName],
  equal: { status: submissions.status },
  sortable: { studentName: sql`${submissions.studentNameSort} collate "C"`, submittedAt: submissions.submittedAt, stars: submissions.stars },
  defaultSort: { field: 'studentId', order: 'ascend', by: submissions.studentId },
  tiebreak: [asc(submissions.id)],
};
const EXAM_LIST: SqlListSpec = {
  keyword: [exams.name, exams.className],
  equal: { classId: exams.classId },
  day: exams.date,
  sortable: { date: exams.date, name: sql`${exams.name} collate "C"` },
  defaultSort: { field: 'date', order: 'descend' },
  tiebreak: [asc(exams.id)],
};

export const teachingHandlers = [
  /* homework */
  api('get', '/v2/homework', { read: homeworkPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), homework, ctx.scope(homeworkPolicy), ctx.query, HOMEWORK_LIST, ctx.lang);
    return { list: await homeworkViews(ctx.db, ctx.session, page.list.map(homeworkOf)), total: page.total };
  }),

  api('post', '/v2/homework', { write: homeworkPolicy, body: HomeworkBody }, async (ctx) => {
    const { db, body } = ctx;
    const cls = manageableClass(ctx, body.classId);
    if (body.dueDate < today()) throw ctx.bad('hw.dueBeforeToday');
    const inClass = await classStudents(db, cls);
    let students = inClass;
    if (body.studentIds && body.studentIds.length) {
      const strangers = body.studentIds.filter((sid) => !inClass.some((s) => s.id === sid));
      const names = strangers.length ? await studentNames(db, cls.companyId, strangers) : new Map<number, string>();
      students = body.studentIds.map((sid) => {
        const st = inClass.find((s) => s.id === sid);
        if (!st) throw ctx.bad('hw.notInClass', { name: names.get(sid) ?? String(sid) });
        return st;
      });
    }
    if (students.length === 0) throw ctx.bad('hw.noStudents');
    const me = operatorOf(db, ctx.session);
    const sql = await tx();
    const values = { companyId: ctx.session.company.id, classId: cls.id, className: cls.name, teacherName: cls.teacherName, title: body.title, content: body.content, dueDate: body.dueDate, studentIds: students.map((s) => s.id), createdAt: nowStamp(), createdBy: me.name };
    const [created] = await sql.insert(homework).values(homeworkRecord({ id: undefined as unknown as number, ...values })).returning();
    const row = homeworkOf(created);
    await sql.insert(submissions).values(students.map((st) => submissionRecord({ id: undefined as unknown as number, companyId: row.companyId, homeworkId: row.id, studentId: st.id, studentName: st.name, status: 'pending' })));
    emit(db, ctx.session.company.id, 'homeworkAssigned', { studentIds: row.studentIds, classId: cls.id, values: { className: cls.name, title: row.title, dueDate: row.dueDate } });
    return markCreated({ ...row, counts: submissionCounts(students.map(() => ({ status: 'pending' as const }))) });
  }),

  api<{ id: string }>('delete', '/v2/homework/:id', { write: homeworkPolicy }, async (ctx) => {
    const hw = await ctx.find(homeworkPolicy, Number(ctx.params.id), 'hw.homework');
    manageableClass(ctx, hw.classId);
    const sql = await tx();
    const subs = await sql.select({ status: submissions.status }).from(submissions).where(eq(submissions.homeworkId, hw.id));
    if (!canDeleteHomework(subs)) throw ctx.bad('hw.hasChecked', { n: subs.filter((s) => s.status === 'checked').length });
    // Its submissions go with it (foreign key, on delete cascade).
    await sql.delete(homework).where(eq(homework.id, hw.id));
    return null;
  }),

  api<{ id: string }>('get', '/v2/homework/:id/submissions', { read: homeworkPolicy }, async (ctx) => {
    const hw = await ctx.find(homeworkPolicy, Number(ctx.params.id), 'hw.homework');
    const mine = classRows(ctx.db, ctx.session).some((c) => c.id === hw.classId);
    const page = await sqlList(await tx(), submissions, and(ctx.scope(submissionPolicy), eq(submissions.homeworkId, hw.id)), ctx.query, SUBMISSION_LIST, ctx.lang);
    const [view] = await homeworkViews(ctx.db, ctx.session, [hw]);
    return {
      homework: view,
      canCheck: ctx.session.access.educationalManagement && canManageClassHomework(ctx.session.membership.role, mine),
      list: page.list.map(submissionOf),
      total: page.total,
    };
  }),

  api('post', '/v2/homework/submission/check', { write: submissionPolicy, body: CheckBody }, (ctx) => moveSubmission(ctx, 'check', 'teacher')),
  api('post', '/v2/homework/submission/reject', { write: submissionPolicy, body: RejectBody }, (ctx) => moveSubmission(ctx, 'reject', 'teacher')),
  api('post', '/v2/homework/submission/submit', { write: submitPolicy, body: SubmitBody }, (ctx) => moveSubmission(ctx, 'submit', 'student')),

  /** One student's homework (/student/home-work). */
  api('get', '/v2/homework/student', { read: submissionPolicy }, async (ctx) => {
    const student = await ctx.find(teachingStudentPolicy, Number(ctx.query.studentId), 'hw.student');
    const rows = await (await tx())
      .select({ s: submissions, title: homework.title, content: homework.content, dueDate: homework.dueDate, className: homework.className })
      .from(submissions)
      .innerJoin(homework, eq(homework.id, submissions.homeworkId))
      .where(and(ctx.scope(submissionPolicy), eq(submissions.studentId, student.id), homeworkWhere(ctx.session, ctx.db)))
      .orderBy(asc(submissions.id));
    const list: StudentHomework[] = rows.map((r) => ({ ...submissionOf(r.s), title: r.title, content: r.content, dueDate: r.dueDate, className: r.className }));
    return listQuery(list, ctx.query, { keywordFields: ['title'], equalFields: ['status'], sortable: ['dueDate'], defaultSort: { field: 'dueDate', order: 'descend' } }, ctx.lang);
  }),

  /** The students of a class the caller may see (the add-homework form's student choice). */
  api('get', '/v2/homework/class_students', { read: homeworkPolicy }, async (ctx) => {
    const cls = ctx.target(teachingClassPolicy, Number(ctx.query.classId), 'hw.class');
    const visible = visibleStudentIds(ctx.db, ctx.session);
    return (await classStudents(ctx.db, cls)).filter((s) => !visible || visible.has(s.id)).map((s) => ({ value: s.id, label: s.name }));
  }),

  /** The classes of one student that the caller manages (the student-side "assign homework" form). */
  api('get', '/v2/homework/student_classes', { read: homeworkPolicy }, async (ctx) => {
    const student = await ctx.find(teachingStudentPolicy, Number(ctx.query.studentId), 'hw.student');
    const mine = new Set(classRows(ctx.db, ctx.session).map((c) => c.id));
    return classesOf(ctx.db, ctx.session.company.id).filter((c) => student.classIds.includes(c.id) && mine.has(c.id)).map((c) => ({ value: c.id, label: c.name }));
  }),

  /* exams and scores */
  api('get', '/v2/exam', { read: examPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), exams, ctx.scope(examPolicy), ctx.query, EXAM_LIST, ctx.lang);
    return { list: await withExamCounts(ctx.db, page.list.map(examOf)), total: page.total };
  }),

  api('post', '/v2/exam', { write: examPolicy, body: ExamBody }, async (ctx) => {
    const { db, body } = ctx;
    const cls = manageableClass(ctx, body.classId);
    const names = new Set<string>();
    body.subjects.forEach((s) => {
      if (names.has(s.name)) throw ctx.bad('exam.subjectTwice', { name: s.name });
      names.add(s.name);
    });
    const [created] = await (await tx())
      .insert(exams)
      .values({ companyId: ctx.session.company.id, classId: cls.id, className: cls.name, name: body.name, date: body.date, subjects: body.subjects, createdAt: stampDate(nowStamp()), createdBy: operatorOf(db, ctx.session).name })
      .returning();
    const [row] = await withExamCounts(db, [examOf(created)]);
    return markCreated(row);
  }),

  api('put', '/v2/exam', { write: examPolicy, body: ExamBody }, async (ctx) => {
    const { db, body } = ctx;
    const exam = await ctx.find(examPolicy, body.id ?? NaN, 'hw.exam');
    manageableClass(ctx, exam.classId);
    const cls = manageableClass(ctx, body.classId);
    const recorded = (await examScores(exam.id)).filter((s) => s.score !== null || s.absent);
    if (cls.id !== exam.classId && recorded.length) throw ctx.bad('exam.classLocked');
    const names = new Set<string>();
    body.subjects.forEach((s) => {
      if (names.has(s.name)) throw ctx.bad('exam.subjectTwice', { name: s.name });
      names.add(s.name);
      const max = Math.max(-1, ...recorded.filter((x) => x.subject === s.name && x.score !== null).map((x) => x.score as number));
      if (max > s.fullMark) throw ctx.bad('exam.fullBelowScores', { name: s.name, max });
    });
    const removed = exam.subjects.find((s) => !names.has(s.name) && recorded.some((x) => x.subject === s.name));
    if (removed) throw ctx.bad('exam.subjectsLocked', { name: removed.name });
    Object.assign(exam, { classId: cls.id, className: cls.name, name: body.name, date: body.date, subjects: body.subjects });
    await (await tx()).update(exams).set({ classId: cls.id, className: cls.name, name: body.name, date: body.date, subjects: body.subjects }).where(eq(exams.id, exam.id));
    const [row] = await withExamCounts(db, [exam]);
    return row;
  }),

  api<{ id: string }>('delete', '/v2/exam/:id', { write: examPolicy }, async (ctx) => {
    const exam = await ctx.find(examPolicy, Number(ctx.params.id), 'hw.exam');
    manageableClass(ctx, exam.classId);
    // Its scores go with it (foreign key, on delete cascade).
    await (await tx()).delete(exams).where(eq(exams.id, exam.id));
    return null;
  }),

  api<{ id: string }>('get', '/v2/exam/:id/sheet', { read: examPolicy }, async (ctx) => {
    const exam = await ctx.find(examPolicy, Number(ctx.params.id), 'hw.exam');
    const mine = classRows(ctx.db, ctx.session).some((c) => c.id === exam.classId);
    return { ...(await sheetOf(ctx.db, exam, scopedStudentIds(ctx.db, ctx.session))), canEdit: ctx.session.access.educationalManagement && canManageClassHomework(ctx.session.membership.role, mine) };
  }),

  /** Saves an exam's scores (all or nothing: the first bad entry refuses the whole save). */
  api('post', '/v2/exam/scores', { write: examPolicy, body: ScoresBody }, async (ctx) => {
    const { db, body } = ctx;
    const exam = await ctx.find(examPolicy, body.examId, 'hw.exam');
    const cls = manageableClass(ctx, exam.classId);
    const inClass = new Set((await classStudents(db, cls)).map((s) => s.id));
    const recorded = new Set((await examScores(exam.id)).map((s) => s.studentId));
    const names = await studentNames(db, exam.companyId, body.entries.map((e) => e.studentId));
    for (const e of body.entries) {
      const name = names.get(e.studentId) ?? String(e.studentId);
      if (!inClass.has(e.studentId) && !recorded.has(e.studentId)) throw ctx.bad('exam.notInClass', { name });
      const sub = exam.subjects.find((s) => s.name === e.subject);
      if (!sub) throw ctx.bad('exam.unknownSubject', { name: e.subject });
      if (e.absent && e.score !== null) throw ctx.bad('exam.absentWithScore', { name, subject: e.subject });
      if (e.score !== null) {
        const p = scoreProblem(e.score, sub.fullMark);
        if (p) throw ctx.bad(`exam.score.${p}`, { name, subject: e.subject, full: sub.fullMark });
      }
    }
    // One row per exam, student and subject (unique index): a second save of a cell replaces it.
    if (body.entries.length) {
      await (await tx())
        .insert(scores)
        .values(body.entries.map((e) => ({ companyId: exam.companyId, examId: exam.id, studentId: e.studentId, subject: e.subject, score: e.score, absent: e.absent })))
        .onConflictDoUpdate({ target: [scores.examId, scores.studentId, scores.subject], set: { score: sql`excluded.score`, absent: sql`excluded.absent` } });
    }
    return sheetOf(db, exam);
  }),

  /** One student's scores over time (student-score). */
  api('get', '/v2/exam/student', { read: examPolicy }, async (ctx) => {
    const student = await ctx.find(teachingStudentPolicy, Number(ctx.query.studentId), 'hw.student');
    const found = await (await tx())
      .select()
      .from(exams)
      .where(and(ctx.scope(examPolicy), sql`exists (select 1 from ${scores} where ${scores.examId} = ${exams.id} and ${scores.studentId} = ${student.id})`))
      .orderBy(asc(exams.id));
    const rows: StudentScoreRow[] = [];
    for (const exam of found.map(examOf)) {
      const sheet = await sheetOf(ctx.db, exam);
      const mine = (await examScores(exam.id)).filter((s) => s.studentId === student.id);
      mine.forEach((s) => {
        const sub = exam.subjects.find((x) => x.name === s.subject);
        if (!sub) return;
        rows.push({ examId: exam.id, examName: exam.name, date: exam.date, className: exam.className, subject: s.subject, fullMark: sub.fullMark, score: s.score, absent: s.absent, average: sheet.stats.find((x) => x.name === s.subject)?.average ?? null });
      });
    }
    return listQuery(rows, ctx.query, { keywordFields: ['examName', 'subject'], sortable: ['date'], defaultSort: { field: 'date', order: 'descend' } }, ctx.lang);
  }),
];
