/**
 * School setup (docs/screens.md#school-setup): a company's rooms (/school/room) and classes (/school/class). What a
 * class shows of others is read with it, never stored: its campus's and room's names from their rows, its teacher's
 * name from its teacher's staff row (`teacher_id`, a key to ./staff.ts), and its student count from its enrolments
 * (./students.ts). Lessons, cards and students name classes and rooms by id.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { campuses, companies } from './accounts';
import { staff } from './staff';

/** The columns rooms and classes share: the id, the company and campus, the name and its sort key. */
const ofCampus = () => ({
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  campusId: integer('campus_id')
    .notNull()
    .references(() => campuses.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  nameSort: text('name_sort').notNull(),
});

export const rooms = pgTable(
  'rooms',
  {
    ...ofCampus(),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    index('rooms_company_idx').on(t.companyId),
    // One room of a name per campus (the call's check, `school.roomNameTaken`: the same name exactly).
    uniqueIndex('rooms_name_key').on(t.campusId, t.name),
    check('rooms_capacity_check', sql`${t.capacity} > 0`),
  ],
);

export const classes = pgTable(
  'classes',
  {
    ...ofCampus(),
    course: text('course').notNull(),
    courseSort: text('course_sort').notNull(),
    /** A staff member of the company (one who teaches a class is not deleted: `school.staffTeaches`). */
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => staff.id),
    /**
     * Its room; none once the room is deleted, which only a closed class outlives (an open class keeps its room
     * from being deleted: `school.roomInUse`).
     */
    roomId: integer('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    capacity: integer('capacity').notNull(),
    /** Hours a lesson consumes: one decimal (0.1 … 10). */
    hoursPerLesson: numeric('hours_per_lesson', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
  },
  (t) => [
    index('classes_company_idx').on(t.companyId, t.teacherId),
    index('classes_room_idx').on(t.roomId),
    check('classes_status_check', sql`${t.status} in ('open', 'closed')`),
    check('classes_capacity_check', sql`${t.capacity} > 0`),
    check('classes_hours_check', sql`${t.hoursPerLesson} > 0`),
    check('classes_dates_check', sql`${t.startDate} <= ${t.endDate}`),
  ],
);
