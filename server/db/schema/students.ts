/**
 * The school's students (docs/screens.md#students) and their enrolments. A student belongs to a company (cascading)
 * and a campus (a campus with students cannot go: campuses are only ever deleted with their company); a class with
 * students cannot be deleted (`school.classHasStudents`), so an enrolment keeps its class from going and goes with its
 * student. The lead a student was converted from is a plain id: a lead may be deleted while its student stays.
 * Cards and arrears items name their student with a key (a student with cards is not deleted); hour records and
 * attendances by id. The
 * campus name a student shows is read with it, never stored.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { campuses } from './accounts';
import { ofCompany } from './companies';
import { classes } from './school';
import type { Gender, StudentStatus } from '../../../src/types/school';

export const students = pgTable(
  'students',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id),
    name: text('name').notNull(),
    nameSort: text('name_sort').notNull(),
    gender: text('gender').$type<Gender>().notNull(),
    birthday: date('birthday', { mode: 'string' }),
    mobile: text('mobile').notNull(),
    parentName: text('parent_name').notNull(),
    status: text('status').$type<StudentStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    remark: text('remark'),
    /** The lead it was converted from (customer center), without a key: the lead may be deleted. */
    leadId: integer('lead_id'),
  },
  (t) => [
    index('students_company_name_idx').on(t.companyId, t.nameSort, t.id),
    index('students_company_mobile_idx').on(t.companyId, t.mobile),
    index('students_company_campus_idx').on(t.companyId, t.campusId),
    index('students_company_lead_idx').on(t.companyId, t.leadId),
    index('students_campus_idx').on(t.campusId),
    check('students_gender_check', sql`${t.gender} in ('male', 'female')`),
    check('students_status_check', sql`${t.status} in ('active', 'paused', 'graduated')`),
    check('students_name_check', sql`btrim(${t.name}) <> ''`),
  ],
);

/** Who is in which class: one row per student and class, in the order of enrolment (`seq`). */
export const studentClasses = pgTable(
  'student_classes',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    seq: integer('seq').notNull().generatedByDefaultAsIdentity(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.classId] }), index('student_classes_class_idx').on(t.classId, t.studentId)],
);
