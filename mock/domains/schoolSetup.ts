/**
 * Mock calls of school setup and students (docs/screens.md#school-setup, #students): staff (/v2/company_staff), rooms
 * (/v2/company_dance_room), classes (/v2/company_class, enrol/remove), students (/v2/student), campus options and
 * the /Welcome checklist. Every row is scoped to the session's company; teachers see their own classes' students.
 */
import { cardCountOfStudent, cardCountSoldBy, saveCard } from './cardRows';
import { cardsOfStudent, latestRecordsOfStudent, renewalStatesOf } from './cardLists';
import { recordCampusMove } from './studentCampus';
import type { CampusRow, Db } from '../db';
import { api, companyCampuses, definePolicy, type AuthedCtx, type Session } from '../http';
import { defineMessages } from '../messages';
import { listQuery, type ListSpec } from '../list';
import { today } from '../clock';
import type { Staff, Student } from '../../src/types/school';
import {
  ClassBody,
  ClassUpdateBody,
  EnrolBody,
  RoomBody,
  RoomUpdateBody,
  StaffBody,
  StaffUpdateBody,
  StudentBody,
  StudentUpdateBody,
  UnenrolBody,
  type ClassInput,
  type StaffInput,
  type StudentInput,
} from '../../src/types/school.schemas';
import { settingsOf } from './companySettings';
import { enrolStudent, insertStudent } from './school';
import { classStudentCounts, countStudents, deleteStudentRow, inClasses, loadCompanyStudents, sameStudent, studentsOfRows, unenrolRow, updateStudentRow } from './studentRows';
import { canDeleteStudents, canSeeStaffMobiles } from '../../src/domain/schoolPermissions';
import { maskMobile } from '../../src/utils/format';
import {
  can,
  classPolicy,
  enrolmentPolicy,
  readSchool,
  roomPolicy,
  staffPolicy,
  studentPolicy,
  visibleClassIds,
  visibleStudentIds,
  visibleStudents,
} from './schoolPolicies';
import { drillRows } from './analysis';
import { campusesOf } from './campusRows';
import { classesOf, classOf, countEnrolment, deleteClass, deleteRoom, insertClass, insertRoom, nameRanks, roomOf, roomsOf, studentCounts, updateClass, updateRoom, valueOf } from './schoolRows';
import { templatesOf } from './cardTemplateRows';
import { created } from './audit';
import { and, asc, eq, exists, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { tx } from '../../server/db';
import { classes, lessons as lessonsTable, rooms, salaryPlans, staff as staffTable, studentCards, students as studentsTable } from '../../server/db/schema';
import { countFutureLessons, lessonsOfClasses } from './lessonRows';
import { deleteStaff, insertStaff, staffMobileTaken, staffOf, staffRowsOf, updateStaff } from './staffRows';
import { contains, sqlList, type SqlListSpec } from '../../server/db/list';

export { readSchool, visibleClassIds, visibleStudentIds, visibleStudents };

defineMessages({
  'sf.name': { en: 'Name', zh: '姓名' },
  'sf.mobile': { en: 'Mobile', zh: '手机号' },
  'sf.role': { en: 'Role', zh: '角色' },
  'sf.campusId': { en: 'Campus', zh: '校区' },
  'sf.status': { en: 'Status', zh: '状态' },
  'sf.hireDate': { en: 'Hire date', zh: '入职日期' },
  'sf.roomName': { en: 'Room name', zh: '教室名称' },
  'sf.capacity': { en: 'Capacity', zh: '容量' },
  'sf.className': { en: 'Class name', zh: '班级名称' },
  'sf.course': { en: 'Course', zh: '课程' },
  'sf.teacherId': { en: 'Teacher', zh: '老师' },
  'sf.roomId': { en: 'Room', zh: '教室' },
  'sf.hoursPerLesson': { en: 'Hours per lesson', zh: '每节课时' },
  'sf.startDate': { en: 'Start date', zh: '开始日期' },
  'sf.endDate': { en: 'End date', zh: '结束日期' },
  'sf.classId': { en: 'Class', zh: '班级' },
  'sf.studentIds': { en: 'Students', zh: '学员' },
  'sf.studentId': { en: 'Student', zh: '学员' },
  'sf.gender': { en: 'Gender', zh: '性别' },
  'sf.birthday': { en: 'Birthday', zh: '生日' },
  'sf.parentName': { en: 'Parent', zh: '家长' },
  'sf.remark': { en: 'Remark', zh: '备注' },
  'sf.classIds': { en: 'Classes', zh: '班级' },
  'school.staff': { en: 'Staff member', zh: '员工' },
  'school.room': { en: 'Room', zh: '教室' },
  'school.class': { en: 'Class', zh: '班级' },
  'school.student': { en: 'Student', zh: '学员' },
  'school.noPermission': { en: 'Your role may not do this.', zh: '您的角色无权执行此操作。' },
  'school.datesOrder': { en: 'The start date must not be after the end date.', zh: '开始日期不能晚于结束日期。' },
  'school.staffMobileTaken': { en: 'Another staff member already uses this mobile number.', zh: '该手机号已被其他员工使用。' },
  'school.staffTeaches': { en: 'This staff member still teaches {n, plural, one {# class} other {# classes}}: assign another teacher first, or set the status to Left.', zh: '该员工仍在教授 {n} 个班级：请先更换老师，或将状态设为离职。' },
  'school.staffHasAccount': { en: 'This staff member has a login account and cannot be deleted; set the status to Left instead.', zh: '该员工有登录账号，不能删除；请将状态设为离职。' },
  'school.staffSold': { en: 'This staff member sold {n, plural, one {# card} other {# cards}} (commission history); set the status to Left instead.', zh: '该员工售出过 {n} 张课时卡（涉及提成记录）；请将状态设为离职。' },
  'school.notTeacher': { en: 'The chosen teacher is not an active teacher.', zh: '所选老师不是在职老师。' },
  'school.roomOtherCampus': { en: 'The room belongs to another campus.', zh: '教室属于其他校区。' },
  'school.roomTooSmall': { en: 'Room {room} holds only {n} students.', zh: '教室 {room} 最多容纳 {n} 人。' },
  'school.roomInUse': { en: 'Room {name} is used by {n, plural, one {# open class or future lesson} other {# open classes or future lessons}}; move them first.', zh: '教室 {name} 仍被 {n} 个开课班级或未来课程使用，请先调整。' },
  'school.roomBelowClass': { en: 'Class {cls} needs {n} seats in this room.', zh: '班级 {cls} 在此教室需要 {n} 个座位。' },
  'school.roomNameTaken': { en: 'This campus already has a room with that name.', zh: '该校区已有同名教室。' },
  'school.classHasStudents': { en: 'Class {name} still has {n, plural, one {# student} other {# students}}: remove them first.', zh: '班级 {name} 仍有 {n} 名学员，请先移出。' },
  'school.classHasLessons': { en: 'Class {name} has {n, plural, one {# future lesson} other {# future lessons}}: cancel them first.', zh: '班级 {name} 还有 {n} 节未来课程，请先取消。' },
  'school.capacityBelowCount': { en: 'The class already has {n} students: the capacity cannot be lower.', zh: '班级已有 {n} 名学员，容量不能更低。' },
  'school.classClosed': { en: 'Class {name} is closed.', zh: '班级 {name} 已结课。' },
  'school.classNoSeats': { en: 'Class {name} has {free, plural, one {# free seat} other {# free seats}}; {n} asked.', zh: '班级 {name} 仅剩 {free} 个名额，申请 {n} 个。' },
  'school.notEnrolled': { en: 'The student is not in this class.', zh: '该学员不在此班级。' },
  'school.studentHasCards': { en: 'This student holds {n, plural, one {# card} other {# cards}} and cannot be deleted; set the status instead.', zh: '该学员持有 {n} 张课时卡，不能删除；请修改状态。' },
  'school.studentInClasses': { en: 'This student is still in {n, plural, one {# class} other {# classes}}: remove them first.', zh: '该学员仍在 {n} 个班级中，请先移出。' },
  'school.studentMobileTaken': { en: 'A student named {name} with this mobile already exists.', zh: '已存在同名同手机号的学员 {name}。' },
  'school.birthdayFuture': { en: 'The birthday cannot be in the future.', zh: '生日不能晚于今天。' },
});

/** Field labels of the bodies: field → `sf.<field>` message. */
const SF = (...fields: string[]) => Object.fromEntries(fields.map((f) => [f, `sf.${f}`]));
const STAFF_LABELS = SF('name', 'mobile', 'role', 'campusId', 'status', 'hireDate');
const ROOM_LABELS = { ...SF('campusId', 'capacity'), name: 'sf.roomName' };
const CLASS_LABELS = { ...SF('campusId', 'course', 'teacherId', 'roomId', 'capacity', 'hoursPerLesson', 'startDate', 'endDate', 'status'), name: 'sf.className' };
const STUDENT_LABELS = SF('campusId', 'name', 'mobile', 'parentName', 'gender', 'birthday', 'status', 'remark', 'classIds', 'classId', 'studentIds', 'studentId');

function campusOf(ctx: AuthedCtx, campusId: number) {
  const c = companyCampuses(ctx.db, ctx.session).find((x) => x.id === campusId);
  if (!c) throw ctx.bad('school.campusNotFound');
  return c;
}

function readStaffBody(ctx: AuthedCtx, b: StaffInput) {
  const campus = campusOf(ctx, b.campusId);
  return { name: b.name, mobile: b.mobile, role: b.role, campusId: campus.id, campusName: campus.name, status: b.status, hireDate: b.hireDate, salaryPlanId: b.salaryPlanId ?? undefined };
}

/** A salary plan named by a staff body is one of the company's (the table's key: never another company's or none). */
async function checkSalaryPlan(ctx: AuthedCtx, id: number | undefined) {
  if (id === undefined) return;
  const [plan] = await (await tx()).select({ id: salaryPlans.id }).from(salaryPlans).where(and(eq(salaryPlans.id, id), eq(salaryPlans.companyId, ctx.session.company.id)));
  if (!plan) throw ctx.bad('common.notFound', { what: ctx.t('sal.plan') });
}

function readRoomBody(ctx: AuthedCtx, b: { campusId: number; name: string; capacity: number }) {
  const campus = campusOf(ctx, b.campusId);
  return { campusId: campus.id, name: b.name, capacity: b.capacity };
}

async function readClassBody(ctx: AuthedCtx, b: ClassInput) {
  // Locked: the teacher does not leave nor change role before the class is written.
  const teacher = await ctx.find(staffPolicy, b.teacherId, 'school.staff');
  const campus = campusOf(ctx, b.campusId);
  if (teacher.role !== 'teacher' || teacher.status !== 'active') throw ctx.bad('school.notTeacher');
  // Locked: the room is not deleted nor made smaller before the class is written.
  const room = await ctx.find(roomPolicy, b.roomId, 'school.room');
  if (room.campusId !== campus.id) throw ctx.bad('school.roomOtherCampus');
  if (b.capacity > room.capacity) throw ctx.bad('school.roomTooSmall', { room: room.name, n: room.capacity });
  if (b.startDate > b.endDate) throw ctx.bad('school.datesOrder');
  return {
    campusId: campus.id,
    name: b.name,
    course: b.course,
    teacherId: teacher.id,
    roomId: room.id,
    capacity: b.capacity,
    hoursPerLesson: b.hoursPerLesson,
    startDate: b.startDate,
    endDate: b.endDate,
    status: b.status,
  };
}

function readStudentBody(ctx: AuthedCtx, b: StudentInput) {
  const campus = campusOf(ctx, b.campusId);
  if (b.birthday && b.birthday > today()) throw ctx.bad('school.birthdayFuture');
  return {
    campusId: campus.id,
    campusName: campus.name,
    name: b.name,
    mobile: b.mobile,
    parentName: b.parentName ?? '',
    gender: b.gender,
    birthday: b.birthday,
    status: b.status,
    remark: b.remark,
    classIds: b.classIds,
  };
}

/** The mobile as the caller sees it, in SQL (`staffAsSeenBy`): a teacher sees only their own, the others masked (`maskMobile`). */
function seenMobile(s: Session): SQL {
  if (canSeeStaffMobiles(s.membership.role)) return sql`${staffTable.mobile}`;
  const masked = sql`case when length(${staffTable.mobile}) = 11 then substr(${staffTable.mobile}, 1, 3) || '****' || substr(${staffTable.mobile}, 8) else regexp_replace(${staffTable.mobile}, '[0-9](?=[0-9]{2})', '*', 'g') end`;
  return sql`case when ${staffTable.userId} is not distinct from ${s.user.id} then ${staffTable.mobile} else ${masked} end`;
}

/** The staff list (/v2/company_staff, a campus's staff): the keyword searches the name and the mobile as the caller sees it. */
function staffListSpec(db: Db, s: Session): SqlListSpec {
  return {
    equal: { role: staffTable.role, status: staffTable.status, campusId: staffTable.campusId },
    filters: {
      keyword: (v) => {
        const kw = v.trim();
        return kw ? or(ilike(staffTable.name, contains(kw)), ilike(seenMobile(s), contains(kw))) : undefined;
      },
    },
    day: staffTable.hireDate,
    sortable: { name: staffTable.nameSort, hireDate: staffTable.hireDate, role: staffTable.role, campusName: valueOf(staffTable.campusId, nameRanks(campusesOf(db, s.company.id))) },
    defaultSort: { field: 'id', order: 'ascend', by: staffTable.id },
    tiebreak: [asc(staffTable.id)],
  };
}

/**
 * Staff rows as the caller may see them: a teacher sees only their own mobile, the others' masked (before the
 * keyword filter, so a search by digits cannot find a hidden number either).
 */
function staffAsSeenBy(rows: Staff[], s: Session): Staff[] {
  if (canSeeStaffMobiles(s.membership.role)) return rows;
  return rows.map((r) => (r.userId === s.user.id ? r : { ...r, mobile: maskMobile(r.mobile) }));
}

/** Campuses as the school screens pick them (the campus-management domain owns the campus rows). */
const schoolCampusPolicy = definePolicy<CampusRow>({ name: 'campuses', read: readSchool, rows: (db, s) => campusesOf(db, s.company.id) });

export const schoolSetupHandlers = [
  /* ---------------- campus options, checklist ---------------- */
  api('get', '/v2/school/campus_options', { read: schoolCampusPolicy }, (ctx) => ctx.rows(schoolCampusPolicy).map((c) => ({ value: c.id, label: c.name }))),

  api('get', '/v2/school/checklist', { access: 'staging' }, async ({ db, session }) => {
    const cid = session.company.id;
    const studentCount = await countStudents(cid);
    const items = [
      { key: 'campus', count: campusesOf(db, cid).length, path: '/campus/list' },
      { key: 'rooms', count: roomsOf(db, cid).length, path: '/school/room' },
      { key: 'staff', count: staffRowsOf(db, cid).length, path: '/school/staff' },
      { key: 'classes', count: classesOf(db, cid).length, path: '/school/class' },
      { key: 'templates', count: templatesOf(db, cid).length, path: '/school/class-card' },
      { key: 'students', count: studentCount, path: '/student/list' },
    ];
    return items.map((i) => ({ ...i, done: i.count > 0 }));
  }),

  /* ---------------- staff ---------------- */
  api('get', '/v2/company_staff', { read: staffPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), staffTable, ctx.scope(staffPolicy), ctx.query, staffListSpec(ctx.db, ctx.session), ctx.lang);
    return { list: staffAsSeenBy(page.list.map((r) => staffOf(ctx.db, r)), ctx.session), total: page.total };
  }),

  api('get', '/v2/company_staff/options', { read: staffPolicy }, ({ rows, query }) =>
    rows(staffPolicy)
      .filter((s) => s.status === 'active')
      .filter((s) => !query.role || query.role.split(',').includes(s.role))
      .filter((s) => !query.campusId || String(s.campusId) === query.campusId)
      .map((s) => ({ value: s.id, label: s.name })),
  ),

  api('post', '/v2/company_staff', { write: staffPolicy, body: StaffBody, labels: STAFF_LABELS }, async (ctx) => {
    const { db, session } = ctx;
    const body = readStaffBody(ctx, ctx.body);
    if (await staffMobileTaken(session.company.id, body.mobile)) throw ctx.bad('school.staffMobileTaken');
    await checkSalaryPlan(ctx, body.salaryPlanId);
    return created(await insertStaff(db, session.company.id, body));
  }),

  api('put', '/v2/company_staff', { write: staffPolicy, body: StaffUpdateBody, labels: STAFF_LABELS }, async (ctx) => {
    const { db } = ctx;
    const id = ctx.body.id;
    const row = await ctx.find(staffPolicy, id, 'school.staff');
    const body = readStaffBody(ctx, ctx.body);
    if (await staffMobileTaken(ctx.session.company.id, body.mobile, id)) throw ctx.bad('school.staffMobileTaken');
    await checkSalaryPlan(ctx, body.salaryPlanId);
    const teaches = classesOf(db, ctx.session.company.id).filter((c) => c.teacherId === id && c.status === 'open').length;
    if (teaches && (body.role !== 'teacher' || body.status !== 'active')) throw ctx.bad('school.staffTeaches', { n: teaches });
    await updateStaff(db, row, body);
    // A class shows its teacher's name (read from the staff: the request's rows follow).
    classesOf(db, ctx.session.company.id).forEach((c) => {
      if (c.teacherId === id) c.teacherName = row.name;
    });
    return row;
  }),

  api<{ id: string }>('delete', '/v2/company_staff/:id', { write: staffPolicy }, async (ctx) => {
    const { db } = ctx;
    const row = await ctx.find(staffPolicy, Number(ctx.params.id), 'school.staff');
    if (row.userId) throw ctx.bad('school.staffHasAccount');
    const teaches = classesOf(db, ctx.session.company.id).filter((c) => c.teacherId === row.id).length;
    if (teaches) throw ctx.bad('school.staffTeaches', { n: teaches });
    const sold = await cardCountSoldBy(ctx.session.company.id, row.id);
    if (sold) throw ctx.bad('school.staffSold', { n: sold });
    await deleteStaff(row);
    return null;
  }),

  /* ---------------- rooms ---------------- */
  api('get', '/v2/company_dance_room', { read: roomPolicy }, async (ctx) => {
    const campusRanks = nameRanks(campusesOf(ctx.db, ctx.session.company.id));
    const page = await sqlList(await tx(), rooms, ctx.scope(roomPolicy), ctx.query, {
      keyword: [rooms.name],
      equal: { campusId: rooms.campusId },
      sortable: { name: rooms.nameSort, capacity: rooms.capacity, campusName: valueOf(rooms.campusId, campusRanks) },
      defaultSort: { field: 'id', order: 'ascend', by: rooms.id },
      tiebreak: [asc(rooms.id)],
    }, ctx.lang);
    return { list: page.list.map((r) => roomOf(ctx.db, r)), total: page.total };
  }),

  api('get', '/v2/company_dance_room/options', { read: roomPolicy }, ({ rows, query }) =>
    rows(roomPolicy)
      .filter((r) => !query.campusId || String(r.campusId) === query.campusId)
      .map((r) => ({ value: r.id, label: `${r.name} (${r.capacity})` })),
  ),

  api('post', '/v2/company_dance_room', { write: roomPolicy, body: RoomBody, labels: ROOM_LABELS }, async (ctx) => {
    const { db, session } = ctx;
    const body = readRoomBody(ctx, ctx.body);
    if (ctx.rows(roomPolicy).some((r) => r.campusId === body.campusId && r.name === body.name)) throw ctx.bad('school.roomNameTaken');
    return created(await insertRoom(db, session.company.id, body));
  }),

  api('put', '/v2/company_dance_room', { write: roomPolicy, body: RoomUpdateBody, labels: ROOM_LABELS }, async (ctx) => {
    const { db } = ctx;
    const id = ctx.body.id;
    const row = await ctx.find(roomPolicy, id, 'school.room');
    const body = readRoomBody(ctx, ctx.body);
    if (ctx.rows(roomPolicy).some((r) => r.campusId === body.campusId && r.name === body.name && r.id !== id)) throw ctx.bad('school.roomNameTaken');
    const classes = classesOf(db, ctx.session.company.id).filter((c) => c.roomId === id && c.status === 'open');
    const big = classes.find((c) => c.capacity > body.capacity);
    if (big) throw ctx.bad('school.roomBelowClass', { cls: big.name, n: big.capacity });
    if (classes.length && body.campusId !== row.campusId) throw ctx.bad('school.roomInUse', { name: row.name, n: classes.length });
    return updateRoom(db, row, body);
  }),

  api<{ id: string }>('delete', '/v2/company_dance_room/:id', { write: roomPolicy }, async (ctx) => {
    const { db, session } = ctx;
    const row = await ctx.find(roomPolicy, Number(ctx.params.id), 'school.room');
    const n = classesOf(db, session.company.id).filter((c) => c.roomId === row.id && c.status === 'open').length + (await countFutureLessons(session.company.id, today(), eq(lessonsTable.roomId, row.id)));
    if (n) throw ctx.bad('school.roomInUse', { name: row.name, n });
    await deleteRoom(row);
    return null;
  }),

  /* ---------------- classes ---------------- */
  api('get', '/v2/company_class', { read: classPolicy }, async (ctx) => {
    const { db, session, query, lang } = ctx;
    const cid = session.company.id;
    // A drill-down narrows to the classes of its figure (computed over the caller's classes in the request).
    const drilled = query.drill ? (await drillRows(db, session, 'company_class', ctx.rows(classPolicy), query, lang)).map((c) => c.id) : undefined;
    const kw = (query.keyword || '').trim().toLowerCase();
    const counts = studentCounts(db, cid);
    const staff = staffRowsOf(db, cid);
    const studentCount = sql<number>`coalesce(${valueOf(classes.id, counts)}, 0)`;
    const spec: SqlListSpec = {
      equal: { campusId: classes.campusId, teacherId: classes.teacherId, roomId: classes.roomId, status: classes.status, course: classes.course },
      filters: {
        // The name, the course or the teacher's name (the staff are in the process: their ids).
        keyword: () => {
          if (!kw) return undefined;
          const teachers = staff.filter((st) => st.name.toLowerCase().includes(kw)).map((st) => st.id);
          return or(ilike(classes.name, contains(kw)), ilike(classes.course, contains(kw)), ...(teachers.length ? [inArray(classes.teacherId, teachers)] : []));
        },
      },
      day: classes.startDate,
      sortable: {
        name: classes.nameSort,
        course: classes.courseSort,
        startDate: classes.startDate,
        endDate: classes.endDate,
        capacity: classes.capacity,
        studentCount,
        teacherName: valueOf(classes.teacherId, nameRanks(staff)),
      },
      defaultSort: { field: 'id', order: 'ascend', by: classes.id },
      tiebreak: [asc(classes.id)],
    };
    const scope = and(ctx.scope(classPolicy), drilled && (drilled.length ? inArray(classes.id, drilled) : sql`false`));
    const page = await sqlList(await tx(), classes, scope, query, { ...spec, sums: { studentCount, capacity: classes.capacity, hoursPerLesson: classes.hoursPerLesson } }, lang);
    const byRoom = new Map(roomsOf(db, cid).map((r) => [r.id, r]));
    return { ...page, list: page.list.map((r) => classOf(db, r, counts.get(r.id) ?? 0, byRoom)) };
  }),

  // The same scope as the list: a teacher picks among their own classes.
  api('get', '/v2/company_class/options', { read: classPolicy }, ({ rows, query }) =>
    rows(classPolicy)
      .filter((c) => query.all === '1' || c.status === 'open')
      .filter((c) => !query.campusId || String(c.campusId) === query.campusId)
      .filter((c) => !query.teacherId || String(c.teacherId) === query.teacherId)
      // Enrolment (?enrol=1): full classes are shown but cannot be picked; the campus tells namesakes apart.
      .map((c) => ({ value: c.id, label: `${c.name} · ${c.campusName} · ${c.teacherName} (${c.studentCount}/${c.capacity})`, ...(query.enrol === '1' && c.studentCount >= c.capacity ? { disabled: true } : {}) })),
  ),

  api('post', '/v2/company_class', { write: classPolicy, body: ClassBody, labels: CLASS_LABELS }, async (ctx) => {
    const { db, session } = ctx;
    const body = await readClassBody(ctx, ctx.body);
    return created(await insertClass(db, session.company.id, body));
  }),

  api('put', '/v2/company_class', { write: classPolicy, body: ClassUpdateBody, labels: CLASS_LABELS }, async (ctx) => {
    const row = await ctx.find(classPolicy, ctx.body.id, 'school.class');
    const body = await readClassBody(ctx, ctx.body);
    if (body.capacity < row.studentCount) throw ctx.bad('school.capacityBelowCount', { n: row.studentCount });
    return updateClass(ctx.db, row, body);
  }),

  api<{ id: string }>('delete', '/v2/company_class/:id', { write: classPolicy }, async (ctx) => {
    const { db, session } = ctx;
    const row = await ctx.find(classPolicy, Number(ctx.params.id), 'school.class');
    // Counted now, the class locked: an enrolment waits for this delete (and then finds no class).
    row.studentCount = (await classStudentCounts([row.id])).get(row.id) ?? 0;
    if (row.studentCount) throw ctx.bad('school.classHasStudents', { name: row.name, n: row.studentCount });
    const future = await countFutureLessons(session.company.id, today(), eq(lessonsTable.classId, row.id));
    if (future) throw ctx.bad('school.classHasLessons', { name: row.name, n: future });
    await deleteClass(row);
    return null;
  }),

  api('post', '/v2/company_class/enrol', { write: enrolmentPolicy, body: EnrolBody, labels: STUDENT_LABELS }, async (ctx) => {
    const { db } = ctx;
    const cls = ctx.target(enrolmentPolicy, ctx.body.classId, 'school.class');
    const students: Student[] = [];
    for (const id of ctx.body.studentIds) students.push(await ctx.find(studentPolicy, id, 'school.student'));
    if (cls.status !== 'open') throw ctx.bad('school.classClosed', { name: cls.name });
    const fresh = students.filter((st) => !st.classIds.includes(cls.id));
    const free = cls.capacity - cls.studentCount;
    if (fresh.length > free) throw ctx.bad('school.classNoSeats', { name: cls.name, free, n: fresh.length });
    for (const st of fresh) await enrolStudent(db, st, cls.id, ctx.lang);
    return cls;
  }),

  api('post', '/v2/company_class/remove', { write: enrolmentPolicy, body: UnenrolBody, labels: STUDENT_LABELS }, async (ctx) => {
    const cls = ctx.target(enrolmentPolicy, ctx.body.classId, 'school.class');
    const st = await ctx.find(studentPolicy, ctx.body.studentId, 'school.student');
    if (!st.classIds.includes(cls.id)) throw ctx.bad('school.notEnrolled');
    await unenrolRow(st, cls.id);
    countEnrolment(cls.companyId, cls.id, -1);
    return cls;
  }),

  /* ---------------- students ---------------- */
  api('get', '/v2/student', { read: studentPolicy }, async (ctx) => {
    const { db, session, query, lang } = ctx;
    const t = today();
    const settings = settingsOf(db, session.company.id);
    const classNames = new Map(classesOf(db, session.company.id).map((c) => [c.id, c.name]));
    /** Card figures of the given students (all of them when undefined). */
    // "Running low" is the student's renewal state over all their cards (`renewalStates`, in SQL: `renewalStatesOf`; the dashboard's and the
    // notice segments' rule): a renewal adds its hours to the old card's at once.
    const cardFigures = async (only?: Set<number>) =>
      renewalStatesOf(and(eq(studentCards.companyId, session.company.id), only && (only.size ? inArray(studentCards.studentId, [...only]) : sql`false`)), t, settings);
    const decorate = (cardsBy: Awaited<ReturnType<typeof cardFigures>>) => (st: Student) => {
      const e = cardsBy.get(st.id);
      const cardState = !e ? 'none' : e.usable === 0 ? 'inactive' : e.low ? 'low' : 'active';
      return { ...st, classNames: st.classIds.map((id) => classNames.get(id) ?? ''), activeHours: e?.usableHours ?? 0, cardState };
    };
    // The card figures (cardState, activeHours) are derived per student from their cards by the renewal rules: when
    // the query neither filters nor sorts by them (nor drills down), the table filters, sorts and pages, and only the
    // page's students' cards are read.
    const derived = !!(query.cardState || query.sortField === 'activeHours' || query.drill);
    if (!derived) {
      const page = await sqlList(await tx(), studentsTable, ctx.scope(studentPolicy), query, {
        keyword: [studentsTable.name, studentsTable.mobile, studentsTable.parentName],
        equal: { status: studentsTable.status, campusId: studentsTable.campusId, gender: studentsTable.gender },
        filters: { classId: (v) => (/^\d{1,9}$/.test(v) ? inClasses([Number(v)]) : sql`false`) },
        date: studentsTable.createdAt,
        sortable: { name: studentsTable.nameSort, createdAt: studentsTable.createdAt, birthday: studentsTable.birthday },
        defaultSort: { field: 'createdAt', order: 'descend' },
        tiebreak: [asc(studentsTable.id)],
      }, lang);
      const list = await studentsOfRows(db, page.list);
      return { total: page.total, list: list.map(decorate(await cardFigures(new Set(list.map((st) => st.id))))) };
    }
    const spec = {
      keywordFields: ['name', 'mobile', 'parentName'],
      equalFields: ['status', 'campusId', 'cardState', 'gender'],
      filters: { classId: (r: Student, v: string) => r.classIds.includes(Number(v)) },
      dateField: 'createdAt',
      sortable: ['name', 'createdAt', 'activeHours', 'birthday'],
      defaultSort: { field: 'createdAt', order: 'descend' as const },
    };
    await loadCompanyStudents(db, session.company.id);
    const rows = visibleStudents(db, session).map(decorate(await cardFigures()));
    return listQuery(await drillRows(db, session, 'student', rows, query, lang), query, spec as ListSpec<(typeof rows)[number]>, lang);
  }),

  api('get', '/v2/student/options', { read: studentPolicy }, async (ctx) => {
    const { query } = ctx;
    const kw = (query.keyword ?? '').trim();
    const t = await tx();
    const scope = ctx.scope(studentPolicy);
    // hasCard=1: the students holding a card not invalidated.
    const holders = query.hasCard === '1' ? exists(sql`(select 1 from ${studentCards} where ${studentCards.studentId} = ${studentsTable.id} and not ${studentCards.invalid})`) : undefined;
    const within = and(scope, holders);
    const id = /^\d{1,9}$/.test(query.id ?? '') ? Number(query.id) : undefined;
    const pinned = id === undefined ? [] : await t.select().from(studentsTable).where(and(within, eq(studentsTable.id, id)));
    const match = kw ? or(ilike(studentsTable.name, contains(kw)), ilike(studentsTable.mobile, contains(kw))) : undefined;
    // The first 50 matches in id order (the order of the table), the pinned one first.
    const rest = await t
      .select()
      .from(studentsTable)
      .where(and(within, match, id === undefined ? undefined : ne(studentsTable.id, id)))
      .orderBy(asc(studentsTable.id))
      .limit(50);
    return [...pinned, ...rest].map((s) => ({ value: s.id, label: `${s.name} (${s.mobile.slice(0, 3)}****${s.mobile.slice(7)})` }));
  }),

  api<{ id: string }>('get', '/v2/student/:id', { read: studentPolicy }, async (ctx) => {
    const { db, session } = ctx;
    const st = await ctx.find(studentPolicy, Number(ctx.params.id), 'school.student');
    const t = today();
    const company = session.company.id;
    const cards = await cardsOfStudent(st.id, eq(studentCards.companyId, company), t);
    const records = await latestRecordsOfStudent(company, st.id, 100);
    const classById = new Map(classesOf(db, session.company.id).map((c) => [c.id, c]));
    const classes = classesOf(db, session.company.id).filter((c) => st.classIds.includes(c.id));
    // Its classes' lessons since it joined, the latest 20 (the list orders by day only: ties stay in time order).
    const lessons = (await lessonsOfClasses(session.company.id, st.classIds, st.createdAt.slice(0, 10), t, 20)).map((l) => ({
      id: l.id,
      date: l.date,
      className: l.className || classById.get(l.classId)?.name || '',
      teacherName: l.teacherName || classById.get(l.classId)?.teacherName || '',
      status: l.status,
    }));
    return { student: st, classes, cards, records, lessons };
  }),

  api('post', '/v2/student', { write: studentPolicy, body: StudentBody, labels: STUDENT_LABELS }, async (ctx) => {
    const { db, session } = ctx;
    const body = readStudentBody(ctx, ctx.body);
    const dup = await sameStudent(session.company.id, body);
    if (dup) throw ctx.bad('school.studentMobileTaken', { name: dup.name });
    return created(await insertStudent(db, { ...body, companyId: session.company.id, lang: ctx.lang }));
  }),

  api('put', '/v2/student', { write: studentPolicy, body: StudentUpdateBody, labels: STUDENT_LABELS }, async (ctx) => {
    const { db, session } = ctx;
    const id = ctx.body.id;
    const st = await ctx.find(studentPolicy, id, 'school.student');
    const { classIds: _ignored, ...body } = readStudentBody(ctx, ctx.body);
    const dup = await sameStudent(session.company.id, body, id);
    if (dup) throw ctx.bad('school.studentMobileTaken', { name: dup.name });
    // A move between campuses moves the student's future only: past months keep the campus they had (./studentCampus.ts).
    recordCampusMove(db, st, body.campusId);
    Object.assign(st, { ...body, status: body.status ?? st.status });
    await updateStudentRow(st);
    db.studentCards.filter((c) => c.studentId === id).forEach((c) => {
      c.studentName = st.name;
      saveCard(c);
    });
    return st;
  }),

  api<{ id: string }>('delete', '/v2/student/:id', { write: studentPolicy, access: can(canDeleteStudents) }, async (ctx) => {
    const st = await ctx.find(studentPolicy, Number(ctx.params.id), 'school.student');
    const cards = await cardCountOfStudent(ctx.session.company.id, st.id);
    if (cards) throw ctx.bad('school.studentHasCards', { n: cards });
    if (st.classIds.length) throw ctx.bad('school.studentInClasses', { n: st.classIds.length });
    await deleteStudentRow(st);
    return null;
  }),
];
