/**
 * Schedule domain of the mock backend (docs/rules.md#roll-call, #scheduling, docs/screens.md#schedule): lessons, roll calls, leave requests,
 * reservations and free trials — tables, deterministic seed and the shared helpers the handlers use.
 * Handlers: ./scheduleApi.ts. Ledger records are written only through ./ledger.ts (`appendHourRecord`).
 */
import type { Db } from '../db';
import { isSeeding, nextId } from '../db';
import { settingsOf } from './companySettings';
import { HttpError, type Session } from '../http';
import { defineMessages, message, type Lang } from '../messages';
import { addDays, notAfterNow, nowStamp, today } from '../clock';
import { createRng, type Rng } from '../random';
import type { Attendance, AttendanceMark, Lesson, LessonKind, Reservation, RollCallStudent, Trial } from '../../src/types/schedule';
import type { LeaveRequest, SchoolClass, Student, StudentCard } from '../../src/types/school';
import { cardStatus, pickDeductionCard } from '../../src/domain/ledger';
import type { Lead } from '../../src/types/customer';
import { generateLessons, holidayOf, lessonLabel, minutesOf, overlaps, rollCallStateOf } from '../../src/domain/schedule';
import { hoursFor, planRollCall, planUndo, type PlanCard } from '../../src/domain/rollCall';
import type { Actor } from '../../src/domain/schedulePermissions';
import { weekdayOf, type Weekday } from '../../src/utils/dates';
import { appendHourRecord, deductionCardFor, type Operator } from './ledger';
import { staffOfSession } from './school';
import { classesOf, roomsOf } from './schoolRows';
import { staffById } from './staffRows';
import { arrearsOfLesson, recordArrears, undoLessonArrears } from './arrears';
import { approvedLeaveOf, LIVE_RESERVATION_STATES, liveLinesOf, writeUndone } from './scheduleRows';
import { lessonsOf, updateLessonRow } from './lessonRows';

defineMessages({
  'sch.lesson': { en: 'Lesson', zh: '课节' },
  'sch.class': { en: 'Class', zh: '班级' },
  'sch.teacher': { en: 'Teacher', zh: '老师' },
  'sch.room': { en: 'Room', zh: '教室' },
  'sch.student': { en: 'Student', zh: '学员' },
  'sch.date': { en: 'Date', zh: '日期' },
  'sch.startDate': { en: 'Start date', zh: '开始日期' },
  'sch.endDate': { en: 'End date', zh: '结束日期' },
  'sch.start': { en: 'Start time', zh: '开始时间' },
  'sch.end': { en: 'End time', zh: '结束时间' },
  'sch.hours': { en: 'Hours', zh: '课时' },
  'sch.kind': { en: 'Kind', zh: '类型' },
  'sch.slots': { en: 'Weekdays and times', zh: '上课星期和时间' },
  'sch.reason': { en: 'Reason', zh: '原因' },
  'sch.mark': { en: 'Mark', zh: '点名状态' },
  'sch.month': { en: 'Month', zh: '月份' },
  'sch.mobile': { en: 'Mobile', zh: '手机号' },
  'sch.name': { en: 'Name', zh: '姓名' },
  'sch.status': { en: 'Status', zh: '状态' },
  'sch.noSlots': { en: 'Choose at least one weekday with a time.', zh: '请至少选择一个上课星期和时间。' },
  'sch.badWeekday': { en: 'Weekdays are numbered 1 (Monday) to 7 (Sunday).', zh: '星期须为 1（周一）到 7（周日）。' },
  'sch.badTime': { en: 'Times must be HH:mm.', zh: '时间须为 HH:mm 格式。' },
  'sch.endBeforeStart': { en: 'The end time must be after the start time.', zh: '结束时间必须晚于开始时间。' },
  'sch.slotsOverlap': { en: 'Two times of the same weekday overlap.', zh: '同一天的两个上课时间重叠。' },
  'sch.rangeTooLong': { en: 'A batch may span at most {days} days.', zh: '一次排课最多 {days} 天。' },
  'sch.nothingToCreate': { en: 'No lesson falls in this range on the chosen weekdays (holidays skipped).', zh: '所选日期范围和星期内没有可排的课（已跳过节假日）。' },
  'sch.clashes': { en: '{n, plural, one {# clash} other {# clashes}} found; nothing was saved.', zh: '发现 {n} 处冲突，未保存。' },
  'sch.classClosed': { en: 'Class {name} is closed.', zh: '班级 {name} 已结课。' },
  'sch.notYourLesson': { en: 'You can only roll-call your own lessons.', zh: '只能为自己的课点名。' },
  'sch.notYourLessonView': { en: 'This is not one of your lessons.', zh: '这不是您的课。' },
  'sch.cancelled': { en: 'This lesson is cancelled.', zh: '该课节已取消。' },
  'sch.notDue': { en: 'This lesson has not started yet; roll call opens on its day.', zh: '课程尚未开始，上课当天才能点名。' },
  'sch.noMarks': { en: 'Mark at least one student.', zh: '请至少为一名学员点名。' },
  'sch.nothingNew': { en: 'Every marked student was already roll-called for this lesson; undo the roll call to change it.', zh: '所选学员均已点名，如需修改请先撤销点名。' },
  'sch.notRollCalled': { en: 'This lesson has no roll call to undo.', zh: '该课节没有可撤销的点名。' },
  'sch.undoReason': { en: 'Roll call undone: {lesson}', zh: '撤销点名：{lesson}' },
  'sch.rollCalledNoChange': { en: 'A roll-called lesson cannot be moved or cancelled; undo the roll call first.', zh: '已点名的课节不能调整或取消，请先撤销点名。' },
  'sch.alreadyCancelled': { en: 'This lesson is already cancelled.', zh: '该课节已取消。' },
  'sch.pastLesson': { en: 'Only a future lesson can take a leave request or a booking.', zh: '只有未开始的课节可以请假或预约。' },
  'sch.notInLesson': { en: '{name} is not a student of this lesson.', zh: '{name}不是该课节的学员。' },
  'sch.leaveExists': { en: '{name} already has a leave request for this lesson.', zh: '{name}已有该课节的请假申请。' },
  'sch.leaveReviewed': { en: 'This leave request has already been reviewed.', zh: '该请假申请已审核。' },
  'sch.full': { en: 'The lesson is full ({capacity} places).', zh: '该课节已满（{capacity} 人）。' },
  'sch.alreadyIn': { en: '{name} is already in this lesson.', zh: '{name}已在该课节中。' },
  'sch.reservationClosed': { en: 'Only a booked reservation can be cancelled.', zh: '只有已预约状态可以取消。' },
  'sch.trialNeedsLead': { en: 'Choose a lead or enter a name and mobile.', zh: '请选择线索，或填写姓名和手机号。' },
  'sch.trialNeedsSlot': { en: 'Choose a lesson, or a date, times and teacher for a slot.', zh: '请选择课节，或填写试听的日期、时间和老师。' },
  'sch.trialStatus': { en: 'A trial can go from booked to attended, no-show or cancelled, and from attended to converted.', zh: '试听状态只能从已预约变为已到课、未到或取消，已到课可转为正式。' },
  'sch.trialExists': { en: '{name} is already booked for a trial at that time.', zh: '{name}在该时间已有试听预约。' },
  'sch.undoRoles': { en: 'Only a manager or the store manager can undo a roll call.', zh: '只有负责人或店长可以撤销点名。' },
  'sch.clash.teacher': { en: 'Teacher', zh: '老师' },
  'sch.clash.room': { en: 'Room', zh: '教室' },
  'sch.clash.student': { en: 'Student', zh: '学员' },
  'sch.leaveNote': { en: 'Leave approved: {reason}', zh: '已批准请假：{reason}' },
});

export const LESSON_KINDS: readonly LessonKind[] = ['normal', 'trial', 'makeup'];
export const MARKS: readonly AttendanceMark[] = ['present', 'leave', 'truant'];

/** Creates the schedule tables when missing (another domain may touch them first). */
export function ensureScheduleTables(db: Db) {
  db.seedLessons ??= [];
  db.seedAttendances ??= [];
  db.seedLeaveRequests ??= [];
  db.seedReservations ??= [];
  db.seedTrials ??= [];
}

/** The caller as the permission rules see them. */
export function actorOf(db: Db, s: Session): Actor {
  return { role: s.membership.role, staffId: staffOfSession(db, s)?.id };
}

/** Who did it, for records (staff row when linked). */
export function scheduleOperator(db: Db, s: Session): Operator {
  const st = staffOfSession(db, s);
  return st ? { id: st.id, name: st.name } : { id: s.user.id, name: s.user.name };
}

/** A student enrolled in a class, as the lessons show them. */
export type EnrolledStudent = Pick<Student, 'id' | 'name' | 'parentName'>;

/** Students enrolled per class (active students only), for one company, among the seed's (the in-process seed). */
function seedEnrolments(db: Db, companyId: number): Map<number, EnrolledStudent[]> {
  const map = new Map<number, EnrolledStudent[]>();
  for (const st of db.seedStudents) {
    if (st.companyId !== companyId || st.status !== 'active') continue;
    for (const cid of st.classIds) {
      const list = map.get(cid);
      if (list) list.push(st);
      else map.set(cid, [st]);
    }
  }
  return map;
}

/** Reservations by lesson (booked, attended or absent). */
export function reservationIndex(rows: readonly Reservation[], companyId: number): Map<number, Reservation[]> {
  const map = new Map<number, Reservation[]>();
  for (const r of rows) {
    if (r.companyId !== companyId || !LIVE_RESERVATION_STATES.includes(r.status)) continue;
    const list = map.get(r.lessonId);
    if (list) list.push(r);
    else map.set(r.lessonId, [r]);
  }
  return map;
}

export interface LessonIndexes {
  enrolled: Map<number, EnrolledStudent[]>;
  reserved: Map<number, Reservation[]>;
}

/**
 * The students of a company's lessons: enrolled by class from `enrolled` (the active students of the lessons'
 * classes, read by the handler: `activeEnrolments`), and reserved by lesson from `reserved` (the live reservations of
 * the lessons a call touches: `liveReservations`), or the seed's while it runs.
 */
export function indexesOf(db: Db, companyId: number, reserved?: readonly Reservation[], enrolled?: Map<number, EnrolledStudent[]>): LessonIndexes {
  const rows = reserved ?? (isSeeding() ? db.seedReservations : undefined);
  if (!rows) throw new Error('indexesOf: the reservations of the lessons were not read (liveReservations).');
  const byClass = enrolled ?? (isSeeding() ? seedEnrolments(db, companyId) : undefined);
  if (!byClass) throw new Error('indexesOf: the students of the classes were not read (activeEnrolments).');
  return { enrolled: byClass, reserved: reservationIndex(rows, companyId) };
}

/** Student ids expected in a lesson: enrolled in its class plus reserved into it. */
export function expectedStudentIds(lesson: Lesson, ix: LessonIndexes): number[] {
  const ids = (ix.enrolled.get(lesson.classId) ?? []).map((s) => s.id);
  for (const r of ix.reserved.get(lesson.id) ?? []) if (!ids.includes(r.studentId)) ids.push(r.studentId);
  return ids;
}

/** Refreshes a lesson's derived fields (roll-call state, expected students). */
export function viewLesson(lesson: Lesson, ix: LessonIndexes, day = today()): Lesson {
  lesson.rollCall = rollCallStateOf(lesson, day);
  lesson.studentCount = (ix.enrolled.get(lesson.classId)?.length ?? 0) + (ix.reserved.get(lesson.id)?.filter((r) => !(ix.enrolled.get(lesson.classId) ?? []).some((s) => s.id === r.studentId)).length ?? 0);
  return lesson;
}

/** One of the company's lessons (read with them for the request: `lessonsOf`), or 404. */
export function findLesson(db: Db, s: Session, id: number, lang: Lang): Lesson {
  const lesson = lessonsOf(db, s.company.id).find((l) => l.id === id);
  if (!lesson) throw new HttpError(404, message(lang, 'common.notFound', { what: message(lang, 'sch.lesson') }));
  return lesson;
}

/** Builds a lesson row for a class (teacher / room default to the class's). */
export function makeLesson(
  db: Db,
  cls: SchoolClass,
  input: { date: string; start: string; end: string; teacherId?: number; roomId?: number; hours?: number; kind?: LessonKind; remark?: string; createdAt: string; createdBy: string },
): Lesson {
  const teacher = staffById(db, input.teacherId ?? cls.teacherId);
  const room = roomsOf(db, cls.companyId).find((r) => r.id === (input.roomId ?? cls.roomId));
  return {
    id: 0,
    companyId: cls.companyId,
    campusId: cls.campusId,
    campusName: cls.campusName,
    classId: cls.id,
    className: cls.name,
    course: cls.course,
    teacherId: teacher?.id ?? cls.teacherId,
    teacherName: teacher?.name ?? cls.teacherName,
    roomId: room?.id ?? cls.roomId,
    roomName: room?.name ?? cls.roomName,
    date: input.date,
    start: input.start,
    end: input.end,
    hours: input.hours ?? cls.hoursPerLesson,
    kind: input.kind ?? 'normal',
    status: 'scheduled',
    rollCall: 'notDue',
    studentCount: 0,
    capacity: room ? Math.min(room.capacity, cls.capacity) : cls.capacity,
    remark: input.remark,
    createdAt: input.createdAt,
    createdBy: input.createdBy,
  };
}

/** A lesson of the seed (the database numbers a request's: `insertLessonRow`). */
function insertSeedLesson(db: Db, lesson: Lesson): Lesson {
  lesson.id = nextId(db, 'lessons');
  db.seedLessons.push(lesson);
  return lesson;
}

/** Finds the card a deduction takes (docs/rules.md#cards-and-hours); by default the ledger's `deductionCardFor`. */
export type CardLookup = (companyId: number, studentId: number, classId: number, day: string) => StudentCard | undefined;

export function ledgerLookup(db: Db): CardLookup {
  return (companyId, studentId, classId, day) => deductionCardFor(db, companyId, studentId, classId, day);
}

/** The same rule on an index of cards by student (the seed calls it tens of thousands of times). */
export function indexedLookup(db: Db): CardLookup {
  const byStudent = new Map<number, StudentCard[]>();
  for (const card of db.studentCards) {
    const list = byStudent.get(card.studentId);
    if (list) list.push(card);
    else byStudent.set(card.studentId, [card]);
  }
  return (companyId, studentId, classId, day) => {
    const own = (byStudent.get(studentId) ?? []).filter((c) => c.companyId === companyId);
    const picked = pickDeductionCard(own.map((c) => ({ ...c, status: cardStatus(c, day) })), classId, day);
    return picked && own.find((c) => c.id === picked.id);
  };
}

/** The card a roll call would deduct from, as the planner sees it. */
function planCardOf(lookup: CardLookup, lesson: Lesson, studentId: number, day: string): PlanCard | undefined {
  const card = lookup(lesson.companyId, studentId, lesson.classId, day);
  return card ? { id: card.id, kind: card.kind, remainingHours: card.remainingHours } : undefined;
}

/** The roll-call drawer's rows for a lesson. */
export function rollCallStudents(db: Db, lesson: Lesson, ix: LessonIndexes, lookup: CardLookup = ledgerLookup(db)): RollCallStudent[] {
  const active = liveLinesOf(db, lesson.id);
  const enrolled = ix.enrolled.get(lesson.classId) ?? [];
  const rows: RollCallStudent[] = [];
  const approved = approvedLeaveOf(db, lesson.id);
  const lessonArrears = active.length ? arrearsOfLesson(db, lesson.id) : [];
  const add = (studentId: number, studentName: string, source: RollCallStudent['source']) => {
    if (rows.some((r) => r.studentId === studentId)) return;
    const att = active.find((a) => a.studentId === studentId);
    // A saved line shows what its roll call did then (the card it took from and the balance after, or its arrears
    // item), never today's card state; an open line the card a deduction would take now.
    const savedCard = att?.cardId !== undefined ? db.studentCards.find((c) => c.id === att.cardId) : undefined;
    const card = att ? savedCard : lookup(lesson.companyId, studentId, lesson.classId, lesson.date > today() ? today() : lesson.date);
    const savedRecord = att?.recordId !== undefined ? (db.hourRecords[att.recordId - 1]?.id === att.recordId ? db.hourRecords[att.recordId - 1] : db.hourRecords.find((r) => r.id === att.recordId)) : undefined;
    const owed = att && !savedCard ? lessonArrears.find((x) => x.studentId === studentId) : undefined;
    rows.push({
      studentId,
      studentName,
      source,
      cardId: card?.id,
      cardNo: card?.cardNo,
      cardName: card?.templateName,
      cardKind: card?.kind,
      remainingHours: att ? savedRecord?.balanceAfter : card?.remainingHours,
      arrears: owed && { id: owed.id, status: owed.status, hours: owed.hours, settledCardNo: owed.settledCardNo },
      mark: att?.mark ?? (approved.has(studentId) ? 'leave' : undefined),
      saved: !!att,
      approvedLeave: approved.has(studentId),
      attendanceId: att?.id,
      recordType: att?.recordType,
      hours: att?.hours,
    });
  };
  // Lines already saved come first, even for students who left the class since.
  for (const a of active) add(a.studentId, a.studentName, enrolled.some((s) => s.id === a.studentId) ? 'enrolled' : 'reserved');
  for (const s of enrolled) add(s.id, s.name, 'enrolled');
  for (const r of ix.reserved.get(lesson.id) ?? []) add(r.studentId, r.studentName, 'reserved');
  return rows;
}

export interface RollCallWrite {
  attendances: Attendance[];
  failed: { studentId: number; studentName: string; reason: string }[];
  skipped: number[];
  /** Restores the cards and tables of the process as they were before (the lines failed to be written). */
  restore: () => void;
}

/**
 * Saves a roll call: plans it (src/domain/rollCall.ts), writes every ledger record through `appendHourRecord` and the
 * attendance lines, all or nothing (a refusal restores the cards and tables). Students already marked are skipped.
 * The new lines join the lesson's live lines (`liveLinesOf`): the seed's, or in a request the caller writes them to
 * the database (`insertAttendances`) and calls `restore` if that fails.
 */
export function writeRollCall(
  db: Db,
  lesson: Lesson,
  marks: { studentId: number; mark: AttendanceMark }[],
  operator: Operator,
  opts: { at?: string; lang?: Lang; ix: LessonIndexes; lookup?: CardLookup },
): RollCallWrite {
  const lang = opts.lang ?? 'en';
  const at = opts.at ?? nowStamp();
  const day = at.slice(0, 10);
  const ix = opts.ix;
  const lookup = opts.lookup ?? ledgerLookup(db);
  const expected = rollCallStudents(db, lesson, ix, lookup);
  const lines = liveLinesOf(db, lesson.id);
  const marked = lines.map((a) => a.studentId);
  const cards = new Map<number, PlanCard | undefined>();
  for (const m of marks) if (!cards.has(m.studentId)) cards.set(m.studentId, planCardOf(lookup, lesson, m.studentId, day));
  const s = settingsOf(db, lesson.companyId);
  const plan = planRollCall({ lessonHours: lesson.hours, marks, expected: expected.map((e) => e.studentId), marked, cards, settings: s });
  // Snapshot for all-or-nothing.
  const recordsLen = db.hourRecords.length;
  const linesLen = lines.length;
  const seedLen = isSeeding() ? db.seedAttendances.length : 0;
  const seedArrearsLen = isSeeding() ? (db.seedArrears ?? []).length : 0;
  const lessonArrears = arrearsOfLesson(db, lesson.id);
  const lessonArrearsLen = lessonArrears.length;
  const touched = new Map<number, { remainingHours: number; status: typeof db.studentCards[number]['status'] }>();
  const seq = { ...db.seq };
  const before = { status: lesson.status, rollCalledAt: lesson.rollCalledAt, rollCallBy: lesson.rollCallBy, presentCount: lesson.presentCount };
  const restore = () => {
    db.hourRecords.length = recordsLen;
    lines.length = linesLen;
    if (isSeeding()) db.seedAttendances.length = seedLen;
    if (isSeeding()) db.seedArrears.length = seedArrearsLen;
    lessonArrears.length = lessonArrearsLen;
    for (const [id, snap] of touched) {
      const card = db.studentCards.find((c) => c.id === id);
      if (card) Object.assign(card, snap);
    }
    db.seq = seq;
    Object.assign(lesson, before);
  };
  const out: RollCallWrite = { attendances: [], failed: [], skipped: plan.alreadyMarked, restore };
  try {
    for (const rec of plan.records) {
      const name = expected.find((e) => e.studentId === rec.studentId)?.studentName ?? '';
      let recordId: number | undefined;
      let cardNo: string | undefined;
      let hours = 0;
      if (rec.type === 'fail') {
        // Attended without usable hours (docs/rules.md#arrears): an arrears item, no hour record.
        recordArrears(db, { companyId: lesson.companyId, studentId: rec.studentId, studentName: name, lessonId: lesson.id, lessonDate: lesson.date, classId: lesson.classId, mark: rec.mark, hours: hoursFor(rec.mark, lesson.hours, s), reason: rec.failReason ?? 'noCard', cardId: rec.cardId, at });
      } else if (rec.cardId !== undefined) {
        const card = db.studentCards.find((c) => c.id === rec.cardId)!;
        if (!touched.has(card.id)) touched.set(card.id, { remainingHours: card.remainingHours, status: card.status });
        const written = appendHourRecord(db, { cardId: rec.cardId, type: rec.type, hours: Math.abs(rec.hours), lessonId: lesson.id, operator, at, lang });
        recordId = written.id;
        cardNo = written.cardNo;
        hours = written.hours;
      }
      if (rec.type === 'fail') out.failed.push({ studentId: rec.studentId, studentName: name, reason: rec.failReason ?? 'noCard' });
      const att: Attendance = {
        // In a request the database gives the id (`insertAttendances`).
        id: isSeeding() ? nextId(db, 'attendances') : 0,
        companyId: lesson.companyId,
        lessonId: lesson.id,
        studentId: rec.studentId,
        studentName: name,
        mark: rec.mark,
        recordId,
        recordType: rec.cardId !== undefined || rec.type === 'fail' ? rec.type : undefined,
        cardId: rec.type === 'fail' ? undefined : rec.cardId,
        cardNo,
        hours,
        operatorName: operator.name,
        createdAt: at,
      };
      lines.push(att);
      if (isSeeding()) db.seedAttendances.push(att);
      out.attendances.push(att);
    }
  } catch (e) {
    restore();
    throw e;
  }
  if (out.attendances.length) {
    lesson.status = 'finished';
    lesson.rollCalledAt = at;
    lesson.rollCallBy = operator.name;
    lesson.presentCount = lines.filter((a) => a.mark === 'present').length;
  }
  return out;
}

/** What a booked reservation becomes when its student is roll-called (the caller writes it). */
export function reservationAfterMark(mark: AttendanceMark): Reservation['status'] {
  return mark === 'present' ? 'attended' : 'absent';
}

/**
 * Undoes a lesson's roll call with proof records (through the ledger), all or nothing: its live lines (read by the
 * caller, `loadAttendances`) are marked undone in the database, and a failure restores the process's cards and tables.
 */
export async function undoRollCall(db: Db, lesson: Lesson, operator: Operator, opts: { at?: string; lang?: Lang } = {}): Promise<number> {
  const lang = opts.lang ?? 'en';
  const at = opts.at ?? nowStamp();
  const live = liveLinesOf(db, lesson.id);
  const lines = [...live];
  if (!lines.length) throw new HttpError(400, message(lang, 'sch.notRollCalled'));
  const steps = planUndo(lines.map((a) => ({ attendanceId: a.id, studentId: a.studentId, cardId: a.cardId, recordId: a.recordId, hours: a.hours, undone: false })));
  const reason = message(lang, 'sch.undoReason', { lesson: lessonLabel(lesson) });
  const recordsLen = db.hourRecords.length;
  const snaps = new Map<number, { remainingHours: number; status: typeof db.studentCards[number]['status'] }>();
  const seq = { ...db.seq };
  let restoreArrears: (() => void) | undefined;
  try {
    for (const step of steps) {
      const att = lines.find((a) => a.id === step.attendanceId)!;
      if (step.proof) {
        const card = db.studentCards.find((c) => c.id === step.proof!.cardId);
        if (card && !snaps.has(card.id)) snaps.set(card.id, { remainingHours: card.remainingHours, status: card.status });
        const rec = appendHourRecord(db, { cardId: step.proof.cardId, type: 'proof', hours: step.proof.hours, signedHours: step.proof.hours, reason, lessonId: lesson.id, reversesRecordId: step.proof.reversesRecordId, operator, at, lang });
        att.undoRecordId = rec.id;
      }
    }
    restoreArrears = undoLessonArrears(db, lesson.id, operator, at, reason, lang);
    for (const a of lines) a.undoneAt = at;
    await writeUndone(lines);
    if (!isSeeding()) await updateLessonRow({ ...lesson, status: 'scheduled', rollCalledAt: undefined, rollCallBy: undefined, presentCount: undefined });
  } catch (e) {
    restoreArrears?.();
    db.hourRecords.length = recordsLen;
    for (const [id, snap] of snaps) {
      const card = db.studentCards.find((c) => c.id === id);
      if (card) Object.assign(card, snap);
    }
    db.seq = seq;
    for (const a of lines) {
      delete a.undoRecordId;
      delete a.undoneAt;
    }
    throw e;
  }
  live.length = 0;
  lesson.status = 'scheduled';
  delete lesson.rollCalledAt;
  delete lesson.rollCallBy;
  delete lesson.presentCount;
  return steps.filter((s) => s.proof).length;
}

/* ------------------------------------------------------------------ seed ------------------------------------------------------------------ */

const START_TIMES = ['09:00', '10:30', '14:00', '15:30', '17:00', '18:30', '19:45'];
const LEAVE_REASONS = ['Family trip', '孩子发烧，在家休息', 'School exam week', '学校有活动', 'Grandparents visiting', '感冒请假一次'];
const RESERVE_REMARKS = ['Make-up lesson for a missed class', '补课', 'Trying a second class this week', '家长要求加一节'];

function endOf(start: string, hours: number): string {
  const m = minutesOf(start) + Math.round(hours * 60);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

interface Busy {
  weekday: number;
  start: string;
  end: string;
}

function free(list: Busy[] | undefined, b: Busy): boolean {
  return !(list ?? []).some((x) => x.weekday === b.weekday && overlaps(x.start, x.end, b.start, b.end));
}

/** Weekly slots per class without teacher or room clashes; the demo teacher gets lessons today. */
function planSlots(db: Db, rng: Rng, classes: SchoolClass[], todayWeekday: Weekday): Map<number, Busy[]> {
  const teacherBusy = new Map<number, Busy[]>();
  const roomBusy = new Map<number, Busy[]>();
  const out = new Map<number, Busy[]>();
  const demoStaff = db.seedStaff.find((s) => s.userId === 4 && s.companyId === 2);
  let demoToday = 0;
  for (const cls of classes) {
    const want = rng.chance(0.35) ? 2 : 1;
    const slots: Busy[] = [];
    for (let k = 0; k < want; k += 1) {
      for (let attempt = 0; attempt < 30; attempt += 1) {
        const forceToday = cls.teacherId === demoStaff?.id && demoToday < 2 && k === 0;
        const weekday = forceToday ? todayWeekday : rng.int(1, 7);
        const start = rng.pick(weekday >= 6 ? START_TIMES : START_TIMES.slice(3));
        const b = { weekday, start, end: endOf(start, cls.hoursPerLesson) };
        if (slots.some((x) => x.weekday === weekday)) continue;
        if (!free(teacherBusy.get(cls.teacherId), b) || !free(roomBusy.get(cls.roomId), b)) continue;
        teacherBusy.set(cls.teacherId, [...(teacherBusy.get(cls.teacherId) ?? []), b]);
        roomBusy.set(cls.roomId, [...(roomBusy.get(cls.roomId) ?? []), b]);
        slots.push(b);
        if (forceToday) demoToday += 1;
        break;
      }
    }
    out.set(cls.id, slots);
  }
  return out;
}

function pickMarks(rng: Rng, ids: number[], leaveIds: Set<number>): { studentId: number; mark: AttendanceMark }[] {
  return ids.map((studentId) => {
    if (leaveIds.has(studentId)) return { studentId, mark: 'leave' as const };
    const r = rng.next();
    return { studentId, mark: r < 0.86 ? 'present' : r < 0.93 ? 'leave' : 'truant' };
  });
}

function seedCompanySchedule(db: Db, companyId: number, seed: number) {
  const rng = createRng(seed);
  const t = today();
  const holidayCache = new Map<string, string | undefined>();
  const isHoliday = (d: string) => {
    if (d === t) return undefined; // today always has lessons (the demo and the browser tests rely on it)
    if (!holidayCache.has(d)) holidayCache.set(d, holidayOf(d));
    return holidayCache.get(d);
  };
  const classes = classesOf(db, companyId);
  const slots = planSlots(db, rng, classes, weekdayOf(t));
  const manager = db.seedStaff.find((s) => s.companyId === companyId && (s.role === 'manager' || s.role === 'dealer'));
  const from = addDays(t, -91);
  const to = addDays(t, 28);
  const created: Lesson[] = [];
  for (const cls of classes) {
    const start = cls.startDate > from ? cls.startDate : from;
    const end = cls.endDate < to ? cls.endDate : to;
    if (start > end) continue;
    const gen = generateLessons(start, end, (slots.get(cls.id) ?? []).map((s) => ({ weekday: s.weekday as Weekday, start: s.start, end: s.end })), isHoliday);
    for (const g of gen.lessons) {
      const recent = g.date > addDays(t, 14);
      const createdDay = recent ? addDays(t, -rng.int(0, 6)) : addDays(g.date < cls.startDate ? cls.startDate : g.date, -rng.int(20, 40));
      const lesson = makeLesson(db, cls, {
        date: g.date,
        start: g.start,
        end: g.end,
        createdAt: notAfterNow(`${createdDay < addDays(t, -400) ? cls.startDate : createdDay} 10:${String(rng.int(10, 59))}:00`),
        createdBy: manager?.name ?? 'system',
      });
      if (rng.chance(0.025)) {
        lesson.status = 'cancelled';
        lesson.remark = rng.pick(['Teacher ill', '老师请假', 'Room maintenance', '场地维修']);
      }
      created.push(insertSeedLesson(db, lesson));
    }
  }
  created.sort((a, b) => (a.date + a.start).localeCompare(b.date + b.start));
  const ix = indexesOf(db, companyId);
  const teachers = new Map(db.seedStaff.filter((s) => s.companyId === companyId).map((s) => [s.id, s]));

  // Leave requests: future lessons in every status, and approved ones on past lessons.
  const future = created.filter((l) => l.date > t && l.status === 'scheduled');
  const past = created.filter((l) => l.date < t && l.status === 'scheduled');
  const leaveStates: LeaveRequest['status'][] = ['pending', 'pending', 'pending', 'pending', 'pending', 'pending', 'approved', 'approved', 'approved', 'rejected', 'rejected'];
  leaveStates.forEach((status, i) => {
    const lesson = future[(i * 7 + 3) % Math.max(1, future.length)];
    const students = lesson ? ix.enrolled.get(lesson.classId) ?? [] : [];
    if (!lesson || !students.length) return;
    const st = students[i % students.length];
    if (db.seedLeaveRequests.some((r) => r.lessonId === lesson.id && r.studentId === st.id)) return;
    const reason = rng.pick(LEAVE_REASONS);
    const leaveAt = notAfterNow(`${addDays(t, -rng.int(0, 3))} 09:${String(rng.int(10, 59))}:00`);
    db.seedLeaveRequests.push({
      id: nextId(db, 'leaveRequests'),
      companyId,
      studentId: st.id,
      studentName: st.name,
      lessonId: lesson.id,
      lessonLabel: lessonLabel(lesson),
      classId: lesson.classId,
      date: lesson.date,
      reason,
      status,
      createdAt: leaveAt,
      createdBy: st.parentName || st.name,
      // Reviewed after it was asked, and not after the clock.
      ...(status !== 'pending' ? { reviewerName: manager?.name, reviewedAt: [leaveAt, notAfterNow(`${leaveAt.slice(0, 10)} 18:30:00`)].sort()[1] } : {}),
      ...(status === 'rejected' ? { reviewRemark: rng.pick(['Competition rehearsal, attendance required', '比赛前最后一次排练，请尽量参加']) } : {}),
    });
  });

  // Reservations (make-up bookings) into future lessons within capacity, and some in the past that were attended.
  const others = db.seedStudents.filter((s) => s.companyId === companyId && s.status === 'active');
  const addReservation = (lesson: Lesson, status: Reservation['status'], k: number) => {
    const st = others[(k * 37 + lesson.id) % Math.max(1, others.length)];
    if (!st || st.classIds.includes(lesson.classId)) return;
    if (expectedStudentIds(lesson, ix).length >= lesson.capacity) return;
    if (db.seedReservations.some((r) => r.lessonId === lesson.id && r.studentId === st.id)) return;
    const r: Reservation = {
      id: nextId(db, 'reservations'),
      companyId,
      lessonId: lesson.id,
      lessonLabel: lessonLabel(lesson),
      lessonDate: lesson.date,
      studentId: st.id,
      studentName: st.name,
      status,
      remark: rng.pick(RESERVE_REMARKS),
      createdAt: `${addDays(lesson.date < t ? lesson.date : t, -rng.int(1, 5))} 11:${String(rng.int(10, 59))}:00`,
      createdBy: manager?.name ?? 'system',
    };
    db.seedReservations.push(r);
    if (LIVE_RESERVATION_STATES.includes(status)) ix.reserved.set(lesson.id, [...(ix.reserved.get(lesson.id) ?? []), r]);
  };
  future.slice(0, 40).forEach((l, k) => k % 3 === 0 && addReservation(l, k % 9 === 0 ? 'cancelled' : 'booked', k));
  past.slice(-40).forEach((l, k) => k % 4 === 0 && addReservation(l, 'booked', k + 100));

  // Roll calls of past lessons (a few recent ones still waiting); today's lessons wait.
  const lookup = indexedLookup(db);
  const owingRng = createRng(seed + 18);
  const owing = new Set<number>();
  const waitingLeft = new Set(past.slice(-25).filter((_, k) => k % 6 === 0).map((l) => l.id));
  for (const lesson of past) {
    if (waitingLeft.has(lesson.id)) continue;
    const teacher = teachers.get(lesson.teacherId);
    const op: Operator = teacher ? { id: teacher.id, name: teacher.name } : { id: 0, name: 'system' };
    const ids = expectedStudentIds(lesson, ix);
    // Nobody to call: the lesson was held and closed.
    const closeEmpty = () => {
      lesson.status = 'finished';
      lesson.rollCalledAt = `${lesson.date} ${lesson.end}:00`;
      lesson.rollCallBy = op.name;
      lesson.presentCount = 0;
    };
    if (!ids.length) {
      closeEmpty();
      continue;
    }
    const leaveIds = new Set<number>();
    // A student without usable hours for the lesson (card used up or expired) is let in once while the family
    // renews (an arrears item, docs/rules.md#arrears) by a few schools' habit; otherwise the child stopped coming and
    // is not marked. Its own generator, so the rest of the seed keeps its values.
    const settings = settingsOf(db, companyId);
    const marks = pickMarks(rng, ids, leaveIds).filter((m) => {
      if (hoursFor(m.mark, lesson.hours, settings) === 0) return true;
      const card = planCardOf(lookup, lesson, m.studentId, lesson.date);
      if (card && (card.kind === 'period' || card.remainingHours >= lesson.hours)) return true;
      if (owing.has(m.studentId) || !owingRng.chance(0.04)) return false;
      owing.add(m.studentId);
      return true;
    });
    if (!marks.length) {
      closeEmpty();
      continue;
    }
    try {
      const { attendances } = writeRollCall(db, lesson, marks, op, { at: `${lesson.date} ${lesson.end}:00`, ix, lookup });
      // Reservations follow the roll call.
      for (const a of attendances) {
        const r = db.seedReservations.find((x) => x.lessonId === lesson.id && x.studentId === a.studentId && x.status === 'booked');
        if (r) r.status = reservationAfterMark(a.mark);
      }
    } catch {
      /* a card refused in the seed: leave the lesson waiting */
    }
    // Some leaves were requested beforehand and approved.
    for (const a of db.seedAttendances.filter((x) => x.lessonId === lesson.id && x.mark === 'leave')) {
      if (!rng.chance(0.5)) continue;
      db.seedLeaveRequests.push({
        id: nextId(db, 'leaveRequests'),
        companyId,
        studentId: a.studentId,
        studentName: a.studentName,
        lessonId: lesson.id,
        lessonLabel: lessonLabel(lesson),
        classId: lesson.classId,
        date: lesson.date,
        reason: rng.pick(LEAVE_REASONS),
        status: 'approved',
        createdAt: notAfterNow(`${addDays(lesson.date, -1)} 20:${String(rng.int(10, 59))}:00`),
        createdBy: a.studentName,
        reviewerName: manager?.name,
        reviewedAt: notAfterNow(`${lesson.date} 08:${String(rng.int(10, 59))}:00`),
      });
    }
  }

  // Free trials: leads of the customer center when present, else names only.
  const leads: Lead[] = (db.seedLeads ?? []).filter((l) => l.companyId === companyId);
  const trialStates: Trial['status'][] = ['booked', 'booked', 'booked', 'booked', 'attended', 'attended', 'noShow', 'converted', 'cancelled', 'booked'];
  const leadFor = (status: Trial['status']): Lead | undefined => {
    const wanted = status === 'converted' ? 'formal' : status === 'noShow' || status === 'cancelled' ? 'following' : 'trial';
    return leads.find((l) => l.status === wanted && !db.seedTrials.some((tr) => tr.leadId === l.id));
  };
  const trialNames = ['林可馨', '黄梓睿', 'Emma 陈', '杨一诺', '徐宇航', '郑思源', '何欣妍', '罗晨曦', '高雨桐', '谢逸飞'];
  trialStates.forEach((status, i) => {
    const lead = leadFor(status);
    const inFuture = status === 'booked';
    const pool = inFuture ? future : past;
    const lesson = i % 3 === 2 ? undefined : pool[(i * 11 + 5) % Math.max(1, pool.length)];
    const teacher = lesson ? undefined : [...teachers.values()].find((s) => s.role === 'teacher' && s.status === 'active');
    const date = lesson?.date ?? addDays(t, inFuture ? rng.int(1, 10) : -rng.int(2, 20));
    db.seedTrials.push({
      id: nextId(db, 'trials'),
      companyId,
      campusId: lesson?.campusId ?? teacher?.campusId ?? db.seedCampuses.find((c) => c.companyId === companyId)?.id ?? 0,
      leadId: lead?.id,
      leadName: lead?.name ?? trialNames[i % trialNames.length],
      mobile: lead?.mobile ?? `139${String(10000000 + i * 7919 + companyId * 131).slice(0, 8)}`,
      lessonId: lesson?.id,
      classId: lesson?.classId,
      className: lesson?.className,
      course: lesson?.course ?? lead?.course ?? '中国舞',
      teacherId: lesson?.teacherId ?? teacher?.id,
      teacherName: lesson?.teacherName ?? teacher?.name,
      date,
      start: lesson?.start ?? '16:00',
      end: lesson?.end ?? '17:00',
      status,
      remark: rng.chance(0.4) ? rng.pick(['Parent wants to watch the class', '家长陪同', 'First dance lesson ever', '有一点基础']) : undefined,
      createdAt: notAfterNow(`${addDays(date, -rng.int(1, 6)) < t ? addDays(date, -rng.int(1, 6)) : t} 15:${String(rng.int(10, 59))}:00`),
      createdBy: manager?.name ?? 'system',
    });
  });
  for (const l of created) viewLesson(l, ix, t);
}

/** Seeds lessons, roll calls, leave requests, reservations and trials for every company (after the school seed). */
export function seedSchedule(db: Db) {
  ensureScheduleTables(db);
  seedCompanySchedule(db, 2, 20251121);
  seedCompanySchedule(db, 3, 20251122);
  seedCompanySchedule(db, 4, 20251123);
}
