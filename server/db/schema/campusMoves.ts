/**
 * Students' moves between campuses (issue 29: closed months stay closed; mock/domains/studentCampus.ts): the day of
 * the move and the campus the student had before it (its id and its name then). Appended only. `student_id` names
 * the student by id.
 */
import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ofCompany } from './companies';
import { campuses } from './accounts';

export const studentCampusMoves = pgTable(
  'student_campus_moves',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    studentId: integer('student_id').notNull(),
    /** The first day on the new campus. */
    day: date('day', { mode: 'string' }).notNull(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    campusName: text('campus_name').notNull(),
  },
  (t) => [index('student_campus_moves_company_idx').on(t.companyId, t.studentId, t.id)],
);
