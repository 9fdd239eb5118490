/**
 * Homework and exam scores (PRODUCT.md §5.10, §6.7): tables, deterministic seed and calls.
 * Access: read by anyone with the educational or student flag within their class scope (teachers: their own
 * classes, through schoolPolicies' `classRows`); written by store managers, managers and the class's teacher
 * (`canManageClassHomework`), the server refusing (403/404) everything else.
 */
import type { Db } from '../db';
import { nextId } from '../db';
import { api, definePolicy, HttpError, type AuthedCtx, type Session } from '../http';
import { defineMessages } from '../messages';
import { listQuery } from '../list';
import { addDays, notAfterNow, nowStamp, today } from '../clock';
import { createRng } from '../random';
import type { Access } from '../../src/access';
import type { Exam, Homework, ScoreCell, ScoreSheet, Submission, StudentHomework, StudentScoreRow } from '../../src/types/teaching';
import type { SchoolClass, Student } from '../../src/types/school';
import { applyMove, canDeleteHomework, canManageClassHomework, HomeworkError, submissionCounts, type SubmissionAction } from '../../src/domain/homework';
import { scoreProblem, subjectStats } from '../../src/domain/scores';
import { CheckBody, ExamBody, HomeworkBody, RejectBody, ScoresBody, SubmitBody } from '../../src/types/teaching.schemas';
import { classRows, studentRows } from './teachingScope';
import { visibleStudentIds } from './schoolPolicies';
import { narrowsScope } from './dataScope';
import { operatorOf } from './school';
import { emit } from './notify';

interface ScoreRow {
  id: number;
  companyId: number;
  examId: number;
  studentId: number;
  subject: string;
  score: number | null;
  absent: boolean;
}

declare module '../db' {
  interface Db {
    homework: Omit<Homework, 'counts'>[];
    submissions: Submission[];
    exams: Omit<Exam, 'scoredCount' | 'studentCount'>[];
    scores: ScoreRow[];
  }
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

/**
 * Homework of the classes the caller sees (`classRows`); with a permission group's data scope, only homework given
 * to at least one student of their list. Its students, submissions and counts are those of the caller's student
 * list (`studentRows`): `submissionRows`, `homeworkView` (issue 29).
 */
function homeworkRows(db: Db, s: Session): Omit<Homework, 'counts'>[] {
  const classes = new Set(classRows(db, s).map((c) => c.id));
  const visible = scopedStudentIds(db, s);
  return db.homework.filter((h) => h.companyId === s.company.id && classes.has(h.classId) && (!visible || h.studentIds.some((id) => visible.has(id))));
}
function submissionRows(db: Db, s: Session): Submission[] {
  const hw = new Set(homeworkRows(db, s).map((h) => h.id));
  const visible = visibleStudentIds(db, s);
  return db.submissions.filter((x) => x.companyId === s.company.id && hw.has(x.homeworkId) && (!visible || visible.has(x.studentId)));
}
/** A homework as the caller sees it: its students and counts within their student list. */
function homeworkView(db: Db, s: Session, h: Omit<Homework, 'counts'>): Homework {
  const visible = visibleStudentIds(db, s);
  if (!visible) return withCounts(db, h);
  const subs = db.submissions.filter((x) => x.homeworkId === h.id && visible.has(x.studentId));
  return { ...h, studentIds: h.studentIds.filter((id) => visible.has(id)), counts: submissionCounts(subs) };
}
/** Exams of the classes the caller sees; with a data scope, of the classes holding students of their list (`scopedStudentIds`). */
function examRows(db: Db, s: Session): Omit<Exam, 'scoredCount' | 'studentCount'>[] {
  const visible = scopedStudentIds(db, s);
  const classes = new Set(classRows(db, s).filter((c) => !visible || db.students.some((st) => visible.has(st.id) && st.classIds.includes(c.id))).map((c) => c.id));
  return db.exams.filter((e) => e.companyId === s.company.id && classes.has(e.classId));
}
/** The students of a permission group's data scope, when it narrows the caller's lists (undefined otherwise). */
function scopedStudentIds(db: Db, s: Session): Set<number> | undefined {
  return narrowsScope(db, s) ? visibleStudentIds(db, s) : undefined;
}

export const homeworkPolicy = definePolicy({ name: 'homework', read: readTeaching, write: ['educationalManagement', teachingWriter], rows: homeworkRows });
export const submissionPolicy = definePolicy({ name: 'submissions', read: readTeaching, write: ['educationalManagement', teachingWriter], rows: submissionRows });
/** Recording a submission for a student (the student's side): anyone who may read the student's homework and edit students or teach. */
export const submitPolicy = definePolicy({ name: 'submissions (student side)', read: readTeaching, write: [(_a: Access, s: Session) => ['dealer', 'manager', 'teacher', 'sales'].includes(s.membership.role)], rows: submissionRows });
export const examPolicy = definePolicy({ name: 'exams', read: readTeaching, write: ['educationalManagement', teachingWriter], rows: examRows });
export const teachingClassPolicy = definePolicy<SchoolClass>({ name: 'classes', read: readTeaching, write: ['educationalManagement', teachingWriter], rows: classRows });
const teachingStudentPolicy = definePolicy<Student>({ name: 'students', read: readTeaching, rows: studentRows });

/* ---------------- helpers ---------------- */

function withCounts(db: Db, h: Omit<Homework, 'counts'>): Homework {
  return { ...h, counts: submissionCounts(db.submissions.filter((s) => s.homeworkId === h.id)) };
}

function classStudents(db: Db, cls: SchoolClass): Student[] {
  return db.students.filter((s) => s.companyId === cls.companyId && s.classIds.includes(cls.id));
}

function withExamCounts(db: Db, e: Omit<Exam, 'scoredCount' | 'studentCount'>): Exam {
  const cls = db.classes.find((c) => c.id === e.classId);
  const scored = new Set(db.scores.filter((s) => s.examId === e.id && (s.score !== null || s.absent)).map((s) => s.studentId));
  return { ...e, scoredCount: scored.size, studentCount: cls ? classStudents(db, cls).length : 0 };
}

function homeworkError(ctx: AuthedCtx, e: unknown): never {
  if (e instanceof HomeworkError) throw ctx.bad(`hw.${e.code}`);
  throw e;
}

function sheetOf(db: Db, exam: Omit<Exam, 'scoredCount' | 'studentCount'>, visible?: Set<number>): ScoreSheet {
  const cls = db.classes.find((c) => c.id === exam.classId);
  const students = cls ? classStudents(db, cls) : [];
  const scores = db.scores.filter((s) => s.examId === exam.id);
  // Students who left the class keep their recorded scores on the sheet; a data scope shows its students only.
  const ids = new Set([...students.map((s) => s.id), ...scores.map((s) => s.studentId)].filter((id) => !visible || visible.has(id)));
  const rows = [...ids].map((id) => {
    const st = db.students.find((s) => s.id === id);
    const cells: Record<string, ScoreCell> = {};
    exam.subjects.forEach((sub) => {
      const row = scores.find((s) => s.studentId === id && s.subject === sub.name);
      cells[sub.name] = { score: row?.score ?? null, absent: row?.absent ?? false };
    });
    return { studentId: id, studentName: st?.name ?? '', cells };
  });
  rows.sort((a, b) => a.studentId - b.studentId);
  const stats = exam.subjects.map((sub) => ({ ...sub, ...subjectStats(rows.map((r) => r.cells[sub.name]), sub.fullMark) }));
  return { exam: withExamCounts(db, exam), rows, stats };
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

export function seedTeaching(db: Db) {
  db.homework = [];
  db.submissions = [];
  db.exams = [];
  db.scores = [];
  const rng = createRng(1310);
  const t = today();
  for (const companyId of [2, 3]) {
    const classes = db.classes.filter((c) => c.companyId === companyId && c.status === 'open').slice(0, companyId === 2 ? 10 : 2);
    classes.forEach((cls, ci) => {
      const students = classStudents(db, cls);
      if (students.length === 0) return;
      for (let k = 0; k < 2; k += 1) {
        const [title, content] = HOMEWORK_TEXTS[(ci + k) % HOMEWORK_TEXTS.length];
        const id = nextId(db, 'homework');
        const created = addDays(t, -(k * 7 + 3));
        db.homework.push({
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
          const sub: Submission = { id: nextId(db, 'submissions'), companyId, homeworkId: id, studentId: st.id, studentName: st.name, status };
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
          db.submissions.push(sub);
        });
      }
      if (ci < 6) {
        const examId = nextId(db, 'exams');
        const date = addDays(t, -20 - ci);
        const subjects = ci % 2 === 0 ? [{ name: '基本功', fullMark: 100 }, { name: '组合', fullMark: 100 }] : [{ name: '乐理', fullMark: 50 }, { name: '表演', fullMark: 100 }];
        db.exams.push({ id: examId, companyId, classId: cls.id, className: cls.name, name: `${date.slice(0, 7)} 月度考核`, date, subjects, createdAt: `${date} 18:00:00`, createdBy: cls.teacherName });
        students.forEach((st) =>
          subjects.forEach((sub) => {
            const absent = rng.chance(0.06);
            const score = absent ? null : Math.round(sub.fullMark * (0.45 + rng.next() * 0.55) * 10) / 10;
            db.scores.push({ id: nextId(db, 'scores'), companyId, examId, studentId: st.id, subject: sub.name, score, absent });
          }),
        );
      }
    });
  }
}

/* ---------------- calls ---------------- */

function manageableClass(ctx: AuthedCtx, classId: number): SchoolClass {
  const cls = ctx.target(teachingClassPolicy, classId, 'hw.class');
  const mine = classRows(ctx.db, ctx.session).some((c) => c.id === cls.id);
  if (!canManageClassHomework(ctx.session.membership.role, mine)) throw new HttpError(403, ctx.t('hw.notYourClass'));
  return cls;
}

function moveSubmission(ctx: AuthedCtx<Record<string, string>, { id: number } & Record<string, unknown>>, action: SubmissionAction, side: 'student' | 'teacher') {
  const sub = ctx.target(side === 'teacher' ? submissionPolicy : submitPolicy, ctx.body.id, 'hw.submission');
  const b = ctx.body as { text?: string; stars?: number; comment?: string; reason?: string };
  let next: Submission;
  try {
    next = applyMove(sub, action, side, { text: b.text, stars: b.stars, comment: b.comment, reason: b.reason });
  } catch (e) {
    homeworkError(ctx, e);
  }
  const at = nowStamp();
  Object.assign(sub, next, side === 'teacher' ? { checkedAt: at, checkerName: operatorOf(ctx.db, ctx.session).name } : { submittedAt: at });
  return sub;
}

export const teachingHandlers = [
  /* homework */
  api('get', '/v2/homework', { read: homeworkPolicy }, (ctx) =>
    listQuery(ctx.rows(homeworkPolicy).map((h) => homeworkView(ctx.db, ctx.session, h)), ctx.query, {
      keywordFields: ['title', 'className', 'content'],
      equalFields: ['classId'],
      dateField: 'dueDate',
      sortable: ['dueDate', 'createdAt', 'title'],
      defaultSort: { field: 'createdAt', order: 'descend' },
    }, ctx.lang),
  ),

  api('post', '/v2/homework', { write: homeworkPolicy, body: HomeworkBody }, (ctx) => {
    const { db, body } = ctx;
    const cls = manageableClass(ctx, body.classId);
    if (body.dueDate < today()) throw ctx.bad('hw.dueBeforeToday');
    const inClass = classStudents(db, cls);
    let students = inClass;
    if (body.studentIds && body.studentIds.length) {
      students = body.studentIds.map((sid) => {
        const st = inClass.find((s) => s.id === sid);
        if (!st) throw ctx.bad('hw.notInClass', { name: db.students.find((s) => s.id === sid && s.companyId === cls.companyId)?.name ?? String(sid) });
        return st;
      });
    }
    if (students.length === 0) throw ctx.bad('hw.noStudents');
    const id = nextId(db, 'homework');
    const me = operatorOf(db, ctx.session);
    const row = { id, companyId: ctx.session.company.id, classId: cls.id, className: cls.name, teacherName: cls.teacherName, title: body.title, content: body.content, dueDate: body.dueDate, studentIds: students.map((s) => s.id), createdAt: nowStamp(), createdBy: me.name };
    db.homework.push(row);
    students.forEach((st) => db.submissions.push({ id: nextId(db, 'submissions'), companyId: row.companyId, homeworkId: id, studentId: st.id, studentName: st.name, status: 'pending' }));
    emit(db, ctx.session.company.id, 'homeworkAssigned', { studentIds: row.studentIds, classId: cls.id, values: { className: cls.name, title: row.title, dueDate: row.dueDate } });
    return withCounts(db, row);
  }),

  api<{ id: string }>('delete', '/v2/homework/:id', { write: homeworkPolicy }, (ctx) => {
    const hw = ctx.target(homeworkPolicy, Number(ctx.params.id), 'hw.homework');
    manageableClass(ctx, hw.classId);
    const subs = ctx.db.submissions.filter((s) => s.homeworkId === hw.id);
    if (!canDeleteHomework(subs)) throw ctx.bad('hw.hasChecked', { n: subs.filter((s) => s.status === 'checked').length });
    ctx.db.homework.splice(ctx.db.homework.indexOf(hw), 1);
    ctx.db.submissions = ctx.db.submissions.filter((s) => s.homeworkId !== hw.id);
    return null;
  }),

  api<{ id: string }>('get', '/v2/homework/:id/submissions', { read: homeworkPolicy }, (ctx) => {
    const hw = ctx.target(homeworkPolicy, Number(ctx.params.id), 'hw.homework');
    const mine = classRows(ctx.db, ctx.session).some((c) => c.id === hw.classId);
    const rows = ctx.rows(submissionPolicy).filter((s) => s.homeworkId === hw.id);
    return {
      homework: homeworkView(ctx.db, ctx.session, hw),
      canCheck: ctx.session.access.educationalManagement && canManageClassHomework(ctx.session.membership.role, mine),
      ...listQuery(rows, ctx.query, { keywordFields: ['studentName'], equalFields: ['status'], sortable: ['studentName', 'submittedAt', 'stars'], defaultSort: { field: 'studentId' as keyof Submission, order: 'ascend' } }, ctx.lang),
    };
  }),

  api('post', '/v2/homework/submission/check', { write: submissionPolicy, body: CheckBody }, (ctx) => moveSubmission(ctx, 'check', 'teacher')),
  api('post', '/v2/homework/submission/reject', { write: submissionPolicy, body: RejectBody }, (ctx) => moveSubmission(ctx, 'reject', 'teacher')),
  api('post', '/v2/homework/submission/submit', { write: submitPolicy, body: SubmitBody }, (ctx) => moveSubmission(ctx, 'submit', 'student')),

  /** One student's homework (/student/home-work). */
  api('get', '/v2/homework/student', { read: submissionPolicy }, (ctx) => {
    const student = ctx.target(teachingStudentPolicy, Number(ctx.query.studentId), 'hw.student');
    const hw = new Map(ctx.rows(homeworkPolicy).map((h) => [h.id, h]));
    const rows: StudentHomework[] = ctx
      .rows(submissionPolicy)
      .filter((s) => s.studentId === student.id && hw.has(s.homeworkId))
      .map((s) => {
        const h = hw.get(s.homeworkId)!;
        return { ...s, title: h.title, content: h.content, dueDate: h.dueDate, className: h.className };
      });
    return listQuery(rows, ctx.query, { keywordFields: ['title'], equalFields: ['status'], sortable: ['dueDate'], defaultSort: { field: 'dueDate', order: 'descend' } }, ctx.lang);
  }),

  /** The students of a class the caller may see (the add-homework form's student choice). */
  api('get', '/v2/homework/class_students', { read: homeworkPolicy }, (ctx) => {
    const cls = ctx.target(teachingClassPolicy, Number(ctx.query.classId), 'hw.class');
    const visible = visibleStudentIds(ctx.db, ctx.session);
    return classStudents(ctx.db, cls).filter((s) => !visible || visible.has(s.id)).map((s) => ({ value: s.id, label: s.name }));
  }),

  /** The classes of one student that the caller manages (the student-side "assign homework" form). */
  api('get', '/v2/homework/student_classes', { read: homeworkPolicy }, (ctx) => {
    const student = ctx.target(teachingStudentPolicy, Number(ctx.query.studentId), 'hw.student');
    const mine = new Set(classRows(ctx.db, ctx.session).map((c) => c.id));
    return ctx.db.classes.filter((c) => student.classIds.includes(c.id) && mine.has(c.id)).map((c) => ({ value: c.id, label: c.name }));
  }),

  /* exams and scores */
  api('get', '/v2/exam', { read: examPolicy }, (ctx) =>
    listQuery(ctx.rows(examPolicy).map((e) => withExamCounts(ctx.db, e)), ctx.query, {
      keywordFields: ['name', 'className'],
      equalFields: ['classId'],
      dateField: 'date',
      sortable: ['date', 'name'],
      defaultSort: { field: 'date', order: 'descend' },
    }, ctx.lang),
  ),

  api('post', '/v2/exam', { write: examPolicy, body: ExamBody }, (ctx) => {
    const { db, body } = ctx;
    const cls = manageableClass(ctx, body.classId);
    const names = new Set<string>();
    body.subjects.forEach((s) => {
      if (names.has(s.name)) throw ctx.bad('exam.subjectTwice', { name: s.name });
      names.add(s.name);
    });
    const row = { id: nextId(db, 'exams'), companyId: ctx.session.company.id, classId: cls.id, className: cls.name, name: body.name, date: body.date, subjects: body.subjects, createdAt: nowStamp(), createdBy: operatorOf(db, ctx.session).name };
    db.exams.push(row);
    return withExamCounts(db, row);
  }),

  api('put', '/v2/exam', { write: examPolicy, body: ExamBody }, (ctx) => {
    const { db, body } = ctx;
    const exam = ctx.target(examPolicy, body.id ?? NaN, 'hw.exam');
    manageableClass(ctx, exam.classId);
    const cls = manageableClass(ctx, body.classId);
    const scores = db.scores.filter((s) => s.examId === exam.id && (s.score !== null || s.absent));
    if (cls.id !== exam.classId && scores.length) throw ctx.bad('exam.classLocked');
    const names = new Set<string>();
    body.subjects.forEach((s) => {
      if (names.has(s.name)) throw ctx.bad('exam.subjectTwice', { name: s.name });
      names.add(s.name);
      const max = Math.max(-1, ...scores.filter((x) => x.subject === s.name && x.score !== null).map((x) => x.score as number));
      if (max > s.fullMark) throw ctx.bad('exam.fullBelowScores', { name: s.name, max });
    });
    const removed = exam.subjects.find((s) => !names.has(s.name) && scores.some((x) => x.subject === s.name));
    if (removed) throw ctx.bad('exam.subjectsLocked', { name: removed.name });
    Object.assign(exam, { classId: cls.id, className: cls.name, name: body.name, date: body.date, subjects: body.subjects });
    return withExamCounts(db, exam);
  }),

  api<{ id: string }>('delete', '/v2/exam/:id', { write: examPolicy }, (ctx) => {
    const exam = ctx.target(examPolicy, Number(ctx.params.id), 'hw.exam');
    manageableClass(ctx, exam.classId);
    ctx.db.exams.splice(ctx.db.exams.indexOf(exam), 1);
    ctx.db.scores = ctx.db.scores.filter((s) => s.examId !== exam.id);
    return null;
  }),

  api<{ id: string }>('get', '/v2/exam/:id/sheet', { read: examPolicy }, (ctx) => {
    const exam = ctx.target(examPolicy, Number(ctx.params.id), 'hw.exam');
    const mine = classRows(ctx.db, ctx.session).some((c) => c.id === exam.classId);
    return { ...sheetOf(ctx.db, exam, scopedStudentIds(ctx.db, ctx.session)), canEdit: ctx.session.access.educationalManagement && canManageClassHomework(ctx.session.membership.role, mine) };
  }),

  /** Saves an exam's scores (all or nothing: the first bad entry refuses the whole save). */
  api('post', '/v2/exam/scores', { write: examPolicy, body: ScoresBody }, (ctx) => {
    const { db, body } = ctx;
    const exam = ctx.target(examPolicy, body.examId, 'hw.exam');
    const cls = manageableClass(ctx, exam.classId);
    const inClass = new Set(classStudents(db, cls).map((s) => s.id));
    const recorded = new Set(db.scores.filter((s) => s.examId === exam.id).map((s) => s.studentId));
    for (const e of body.entries) {
      const name = db.students.find((s) => s.id === e.studentId && s.companyId === exam.companyId)?.name ?? String(e.studentId);
      if (!inClass.has(e.studentId) && !recorded.has(e.studentId)) throw ctx.bad('exam.notInClass', { name });
      const sub = exam.subjects.find((s) => s.name === e.subject);
      if (!sub) throw ctx.bad('exam.unknownSubject', { name: e.subject });
      if (e.absent && e.score !== null) throw ctx.bad('exam.absentWithScore', { name, subject: e.subject });
      if (e.score !== null) {
        const p = scoreProblem(e.score, sub.fullMark);
        if (p) throw ctx.bad(`exam.score.${p}`, { name, subject: e.subject, full: sub.fullMark });
      }
    }
    for (const e of body.entries) {
      const row = db.scores.find((s) => s.examId === exam.id && s.studentId === e.studentId && s.subject === e.subject);
      if (row) Object.assign(row, { score: e.score, absent: e.absent });
      else db.scores.push({ id: nextId(db, 'scores'), companyId: exam.companyId, examId: exam.id, studentId: e.studentId, subject: e.subject, score: e.score, absent: e.absent });
    }
    return sheetOf(db, exam);
  }),

  /** One student's scores over time (student-score). */
  api('get', '/v2/exam/student', { read: examPolicy }, (ctx) => {
    const student = ctx.target(teachingStudentPolicy, Number(ctx.query.studentId), 'hw.student');
    const exams = ctx.rows(examPolicy);
    const rows: StudentScoreRow[] = [];
    exams.forEach((exam) => {
      const mine = ctx.db.scores.filter((s) => s.examId === exam.id && s.studentId === student.id);
      if (!mine.length) return;
      const sheet = sheetOf(ctx.db, exam);
      mine.forEach((s) => {
        const sub = exam.subjects.find((x) => x.name === s.subject);
        if (!sub) return;
        rows.push({ examId: exam.id, examName: exam.name, date: exam.date, className: exam.className, subject: s.subject, fullMark: sub.fullMark, score: s.score, absent: s.absent, average: sheet.stats.find((x) => x.name === s.subject)?.average ?? null });
      });
    });
    return listQuery(rows, ctx.query, { keywordFields: ['examName', 'subject'], sortable: ['date'], defaultSort: { field: 'date', order: 'descend' } }, ctx.lang);
  }),
];
