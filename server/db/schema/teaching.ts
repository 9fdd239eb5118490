/**
 * Homework and exam scores (route /home-work/work, /home-work/score, the student tabs): homework given to a class's
 * students, one submission per student and homework, exams with their subjects, one score per exam, student and
 * subject. The class and student names are copied at the time of the write, as the screens show them.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ExamSubject } from '../../../src/types/teaching';
import type { SubmissionStatus } from '../../../src/domain/homework';
import { ofCompany } from './companies';

const SUBMISSION_STATUSES = ['pending', 'submitted', 'checked', 'rejected'] as const satisfies readonly SubmissionStatus[];

export const homework = pgTable(
  'homework',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    classId: integer('class_id').notNull(),
    className: text('class_name').notNull(),
    teacherName: text('teacher_name').notNull(),
    title: text('title').notNull(),
    titleSort: text('title_sort').notNull(),
    content: text('content').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The students it was given to, in the class's order (each has a submission row). */
    studentIds: integer('student_ids').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [unique('homework_company_id_key').on(t.companyId, t.id), index('homework_company_class_idx').on(t.companyId, t.classId), index('homework_company_created_idx').on(t.companyId, t.createdAt, t.id)],
);

export const submissions = pgTable(
  'submissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    homeworkId: integer('homework_id').notNull(),
    studentId: integer('student_id').notNull(),
    studentName: text('student_name').notNull(),
    studentNameSort: text('student_name_sort').notNull(),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull(),
    text: text('text'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    stars: integer('stars'),
    comment: text('comment'),
    rejectReason: text('reject_reason'),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    checkerName: text('checker_name'),
  },
  (t) => [
    // A submission belongs to a homework of its own company, and goes with it.
    foreignKey({ columns: [t.companyId, t.homeworkId], foreignColumns: [homework.companyId, homework.id], name: 'submissions_homework_fk' }).onDelete('cascade'),
    uniqueIndex('submissions_homework_student_key').on(t.homeworkId, t.studentId),
    index('submissions_company_student_idx').on(t.companyId, t.studentId),
    check('submissions_status_check', sql`${t.status} in ('pending', 'submitted', 'checked', 'rejected')`),
    check('submissions_stars_check', sql`${t.stars} between 1 and 5`),
  ],
);

export const exams = pgTable(
  'exams',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    classId: integer('class_id').notNull(),
    className: text('class_name').notNull(),
    name: text('name').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    subjects: jsonb('subjects').$type<ExamSubject[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [unique('exams_company_id_key').on(t.companyId, t.id), index('exams_company_class_idx').on(t.companyId, t.classId)],
);

export const scores = pgTable(
  'scores',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    examId: integer('exam_id').notNull(),
    studentId: integer('student_id').notNull(),
    subject: text('subject').notNull(),
    /** At most one decimal (src/domain/scores.ts). */
    score: numeric('score', { precision: 7, scale: 1, mode: 'number' }),
    absent: boolean('absent').notNull().default(false),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.examId], foreignColumns: [exams.companyId, exams.id], name: 'scores_exam_fk' }).onDelete('cascade'),
    uniqueIndex('scores_exam_student_subject_key').on(t.examId, t.studentId, t.subject),
    index('scores_company_student_idx').on(t.companyId, t.studentId),
    check('scores_score_check', sql`${t.score} >= 0 and not (${t.absent} and ${t.score} is not null)`),
  ],
);
