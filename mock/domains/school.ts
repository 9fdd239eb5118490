/**
 * School setup and students (docs/screens.md#school-setup, #students): the tables of staff, rooms, classes, students, card templates,
 * student cards, hour records and card orders, their deterministic seed (docs/rules.md#demo-data-and-modes) and the shared helpers
 * other domains use (`insertStudent`, `staffOfSession`, `operatorOf`). Handlers: ./schoolSetup.ts (staff, rooms,
 * classes, students) and ./schoolCards.ts (templates, cards, ledger, orders).
 */
import { saveCard, saveOrder } from './cardRows';
import type { Db } from '../db';
import { nextId } from '../db';
import { campusById, campusesOf } from './campusRows';
import { classesOf, countEnrolment } from './schoolRows';
import { enrolRow, forgetCompanyStudents, insertStudentRow } from './studentRows';
import { staffOfSession } from './staffRows';

export { staffOfSession };
import { HttpError, type Session } from '../http';
import { defineMessages, message, type Lang } from '../messages';
import { addDays, today } from '../clock';
import { chineseName, createRng, mobileNumber, type Rng } from '../random';
import type {
  CardOrder,
  CardTemplate,
  Gender,
  HourRecord,
  PayMethod,
  Room,
  SchoolClass,
  Staff,
  Student,
  StudentCard,
} from '../../src/types/school';
import type { Role } from '../../src/types/session';
import { cardStatus, round1, round2, unitPrice } from '../../src/domain/ledger';
import { appendHourRecord, reviewReturn, type Operator } from './ledger';
import { recordArrears, settleArrears } from './arrears';
import type { ArrearsSettlement } from '../../src/types/arrears';

declare module '../db' {
  interface Db {
    /** The demo seed's staff (written to the database by their SqlSeeder); a request reads the table (./staffRows.ts). */
    seedStaff: Staff[];
    /** The demo seed's rooms (written to the database by their SqlSeeder); a request reads the table (./schoolRows.ts). */
    seedRooms: Room[];
    /** The demo seed's classes, with the student counts the seed gives them; a request reads the table (./schoolRows.ts). */
    seedClasses: SchoolClass[];
    /** The demo seed's students (written to the database by their SqlSeeder); a request reads the table (./studentRows.ts). */
    seedStudents: Student[];
    /** The demo seed's card templates (written to the database by their SqlSeeder); a request reads the table (./cardTemplateRows.ts). */
    seedCardTemplates: CardTemplate[];
    studentCards: StudentCard[];
    hourRecords: HourRecord[];
    cardOrders: CardOrder[];
  }
}

defineMessages({
  'school.classFull': { en: 'Class {name} is full ({capacity} students).', zh: '班级 {name} 已满（{capacity} 人）。' },
  'school.classNotFound': { en: 'Class not found.', zh: '班级不存在。' },
  'school.campusNotFound': { en: 'Campus not found.', zh: '校区不存在。' },
});

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Who did it, for records: the staff row when the user has one (id = staff id), else the user. */
export function operatorOf(db: Db, s: Pick<Session, 'user' | 'company'>): Operator {
  const st = staffOfSession(db, s);
  return st ? { id: st.id, name: st.name } : { id: s.user.id, name: s.user.name };
}

function campusName(db: Db, campusId: number): string {
  return campusById(db, campusId)?.name ?? '';
}

/** Enrols a seed student in a seed class within its capacity (the in-process seed). */
function enrolSeedStudent(db: Db, student: Student, classId: number) {
  const cls = db.seedClasses.find((c) => c.id === classId);
  if (!cls || student.classIds.includes(classId) || cls.studentCount >= cls.capacity) return;
  student.classIds.push(classId);
  cls.studentCount += 1;
}

/** Enrols a student in a class within its capacity (400 when full); the request's class row counts the seat. */
export async function enrolStudent(db: Db, student: Student, classId: number, lang: Lang = 'en'): Promise<void> {
  const cls = classesOf(db, student.companyId).find((c) => c.id === classId);
  if (!cls) throw new HttpError(400, message(lang, 'school.classNotFound'));
  if (student.classIds.includes(classId)) return;
  await enrolRow(student, cls, () => {
    throw new HttpError(400, message(lang, 'school.classFull', { name: cls.name, capacity: cls.capacity }));
  });
  countEnrolment(student.companyId, classId, 1);
}

export interface InsertStudentInput {
  companyId: number;
  campusId: number;
  name: string;
  mobile: string;
  parentName?: string;
  gender?: Gender;
  birthday?: string;
  remark?: string;
  leadId?: number;
  classIds?: number[];
  status?: Student['status'];
  lang?: Lang;
  createdAt?: string;
}

function newStudent(input: InsertStudentInput, campusName: string): Omit<Student, 'id'> {
  return {
    companyId: input.companyId,
    campusId: input.campusId,
    campusName,
    name: input.name.trim(),
    gender: input.gender ?? 'female',
    birthday: input.birthday,
    mobile: input.mobile,
    parentName: input.parentName?.trim() ?? '',
    status: input.status ?? 'active',
    classIds: [],
    createdAt: input.createdAt ?? `${today()} ${pad(new Date().getHours())}:${pad(new Date().getMinutes())}:00`,
    remark: input.remark,
    leadId: input.leadId,
  };
}

/** A student of the in-process seed (`Db.seedStudents`, written to the database by its SqlSeeder). */
export function seedStudent(db: Db, input: InsertStudentInput): Student {
  const campus = campusesOf(db, input.companyId).find((c) => c.id === input.campusId);
  const student: Student = { id: nextId(db, 'seedStudents'), ...newStudent(input, campus?.name ?? '') };
  db.seedStudents.push(student);
  return student;
}

/**
 * Creates a student (the student screens, the import, a lead becoming formal, an online sale): the campus and classes
 * must be the company's, each class with a seat (400 otherwise, nothing written: the request's transaction).
 */
export async function insertStudent(db: Db, input: InsertStudentInput): Promise<Student> {
  const lang = input.lang ?? 'en';
  const campus = campusesOf(db, input.companyId).find((c) => c.id === input.campusId);
  if (!campus) throw new HttpError(400, message(lang, 'school.campusNotFound'));
  for (const id of input.classIds ?? []) {
    if (!classesOf(db, input.companyId).some((c) => c.id === id)) throw new HttpError(400, message(lang, 'school.classNotFound'));
  }
  const student = await insertStudentRow(db, { ...newStudent(input, campus.name), classIds: [] });
  for (const id of input.classIds ?? []) await enrolStudent(db, student, id, lang);
  forgetCompanyStudents(input.companyId);
  return student;
}

/** Next card number: KC + company + sequence. */
export function nextCardNo(db: Db, companyId: number, id: number): string {
  return `KC${companyId}${pad(id, 6)}`;
}

export function nextOrderNo(id: number): string {
  return `CO${pad(100000 + id, 7)}`;
}

/**
 * A new card of `student` from its template (no order, no hour record: the caller writes them). Used by `sellCard`
 * and by the Excel import's opening balances (mock/domains/studentImport.ts).
 */
export function issueCard(
  db: Db,
  input: {
    companyId: number;
    student: Student;
    tpl: CardTemplate;
    boughtHours: number;
    giftHours: number;
    amount: number;
    startDate: string;
    /** Default: start + the template's valid days. */
    expiryDate?: string;
    seller: { id: number; name: string };
    at: string;
  },
): StudentCard {
  const { companyId, student, tpl, boughtHours, giftHours, amount, startDate, seller, at } = input;
  const id = nextId(db, 'studentCards');
  const card: StudentCard = {
    id,
    companyId,
    cardNo: nextCardNo(db, companyId, id),
    studentId: student.id,
    studentName: student.name,
    templateId: tpl.id,
    templateName: tpl.name,
    kind: tpl.kind,
    boughtHours,
    giftHours,
    paidAmount: amount,
    unitPrice: unitPrice(amount, boughtHours, giftHours),
    remainingHours: 0,
    startDate,
    expiryDate: input.expiryDate ?? addDays(startDate, tpl.validDays),
    status: 'active',
    classIds: [...tpl.classIds],
    sellerId: seller.id,
    sellerName: seller.name,
    createdAt: at,
  };
  db.studentCards.push(card);
  saveCard(card);
  tpl.issuedCount += 1;
  return card;
}

/**
 * One card sale, the same at the desk and online (docs/rules.md#cards-and-hours, #campuses-and-online-sales): the card from its template, its order,
 * then the ledger's `add` record (and `give` for the template's gift hours), then the settlement of the student's
 * open arrears from it (docs/rules.md#arrears: the card's first consumption, `settleArrears` in ./arrears.ts).
 */
export function sellCard(
  db: Db,
  sale: {
    companyId: number;
    student: Student;
    tpl: CardTemplate;
    amount: number;
    method: PayMethod;
    startDate: string;
    seller: { id: number; name: string };
    operator: Operator;
    at: string;
    lang: Lang;
  },
): { card: StudentCard; order: CardOrder; record: HourRecord; arrears?: ArrearsSettlement } {
  const { companyId, student, tpl, amount, method, startDate, seller, operator, at, lang } = sale;
  const card = issueCard(db, { companyId, student, tpl, boughtHours: tpl.hours, giftHours: tpl.giftHours, amount, startDate, seller, at });
  const orderId = nextId(db, 'cardOrders');
  const order: CardOrder = {
    id: orderId,
    companyId,
    orderNo: nextOrderNo(orderId),
    kind: 'new',
    studentId: student.id,
    studentName: student.name,
    cardId: card.id,
    templateId: tpl.id,
    templateName: tpl.name,
    hours: tpl.hours,
    giftHours: tpl.giftHours,
    amount,
    method,
    sellerId: seller.id,
    sellerName: seller.name,
    createdAt: at,
  };
  db.cardOrders.push(order);
  saveOrder(order);
  const record = appendHourRecord(db, { cardId: card.id, type: 'add', hours: tpl.hours, orderId, operator, at, lang });
  if (tpl.giftHours > 0) appendHourRecord(db, { cardId: card.id, type: 'give', hours: tpl.giftHours, orderId, operator, at, lang });
  const arrears = settleArrears(db, card, operator, at, lang);
  return { card, order, record, arrears };
}

/* ------------------------------------------------------------------ seed ------------------------------------------------------------------ */

interface StaffSeed {
  name: string;
  role: Role;
  campusId: number;
  userId?: number;
  mobile?: string;
  status?: 'active' | 'left';
}

interface TemplateSeed {
  name: string;
  kind: 'count' | 'period';
  hours: number;
  giftHours: number;
  price: number;
  validDays: number;
  onSale?: boolean;
  /** Course names whose classes the template applies to. */
  courses?: string[];
  /** Never sold (a template that can be deleted). */
  unsold?: boolean;
}

interface CompanySeed {
  companyId: number;
  seed: number;
  staff: StaffSeed[];
  extraTeachers: number;
  extraSales: number;
  rooms: { campusId: number; name: string; capacity: number }[];
  courses: string[];
  classCount: number;
  /** Classes the demo teacher (first teacher in `staff`) teaches. */
  demoTeacherClasses: number;
  students: number;
  templates: TemplateSeed[];
}

const LEVELS = ['启蒙班', '初级班', '中级班', '提高班', '少儿A班', '少儿B班', '成人班', '周末班'];
const METHODS: PayMethod[] = ['wechat', 'alipay', 'cash', 'card', 'transfer'];
const TIMES = ['09:30:00', '10:30:00', '14:00:00', '15:30:00', '16:30:00', '18:30:00', '19:30:00'];
const DIY_REASONS = ['Competition rehearsal, extra hour', '考级集训加课', 'Private lesson with the teacher', '舞台彩排额外课时'];
const PROOF_REASONS = ['Roll call marked the wrong student', '点名误操作，补回课时', 'Duplicate deduction corrected'];
const RETURN_REASONS = ['Family moving to another city', '孩子课业繁忙，申请退课', 'Health reasons, stopping lessons', '时间冲突无法继续上课'];
const INVALID_REASONS = ['Transferred to a sibling as agreed, old card void', '合同终止，剩余课时作废', 'Card issued in error'];

function stamp(date: string, rng: Rng): string {
  return `${date} ${rng.pick(TIMES)}`;
}

function seedCompany(db: Db, cfg: CompanySeed, scale: number) {
  const rng = createRng(cfg.seed);
  const t = today();
  const { companyId } = cfg;

  // Staff
  const staffSeeds: StaffSeed[] = [...cfg.staff];
  const campusIds = [...new Set(cfg.rooms.map((r) => r.campusId))];
  for (let i = 0; i < cfg.extraTeachers; i += 1) staffSeeds.push({ name: chineseName(rng), role: 'teacher', campusId: campusIds[i % campusIds.length], status: i === 5 ? 'left' : 'active' });
  for (let i = 0; i < cfg.extraSales; i += 1) staffSeeds.push({ name: chineseName(rng), role: 'sales', campusId: campusIds[i % campusIds.length], status: i === 2 ? 'left' : 'active' });
  const staff: Staff[] = staffSeeds.map((s) => {
    const row: Staff = {
      id: nextId(db, 'staff'),
      companyId,
      campusId: s.campusId,
      campusName: campusName(db, s.campusId),
      name: s.name,
      mobile: s.mobile ?? mobileNumber(rng),
      role: s.role,
      status: s.status ?? 'active',
      hireDate: addDays(t, -rng.int(90, 1400)),
      userId: s.userId,
    };
    db.seedStaff.push(row);
    return row;
  });
  const teachers = staff.filter((s) => s.role === 'teacher' && s.status === 'active');
  const sellers = staff.filter((s) => (s.role === 'sales' || s.role === 'dealer' || s.role === 'manager') && s.status === 'active');
  const managers = staff.filter((s) => s.role === 'manager' || s.role === 'dealer');
  const manager = managers[0] ?? staff[0];

  // Rooms
  const rooms: Room[] = cfg.rooms.map((r) => {
    const row: Room = { id: nextId(db, 'rooms'), companyId, campusId: r.campusId, campusName: campusName(db, r.campusId), name: r.name, capacity: r.capacity };
    db.seedRooms.push(row);
    return row;
  });

  // Classes
  const demoTeacher = teachers[0];
  const classes: SchoolClass[] = [];
  const used = new Set<string>();
  for (let i = 0; i < cfg.classCount; i += 1) {
    const room = rooms[i % rooms.length];
    const course = cfg.courses[i % cfg.courses.length];
    let level = rng.pick(LEVELS);
    let guard = 0;
    while (used.has(course + level) && guard < 20) {
      level = rng.pick(LEVELS);
      guard += 1;
    }
    const name = used.has(course + level) ? `${course}${level}${i + 1}` : course + level;
    used.add(name);
    const campusTeachers = teachers.filter((tt) => tt.campusId === room.campusId);
    const teacher = i < cfg.demoTeacherClasses && demoTeacher ? demoTeacher : rng.pick(campusTeachers.length ? campusTeachers : teachers);
    const closed = i >= cfg.classCount - Math.max(1, Math.floor(cfg.classCount / 10));
    const startDate = addDays(t, closed ? -rng.int(300, 400) : -rng.int(150, 260));
    const row: SchoolClass = {
      id: nextId(db, 'classes'),
      companyId,
      campusId: room.campusId,
      campusName: room.campusName,
      name,
      course,
      teacherId: teacher.id,
      teacherName: teacher.name,
      roomId: room.id,
      roomName: room.name,
      capacity: Math.min(room.capacity, rng.int(18, 28) * scale),
      hoursPerLesson: rng.pick([1, 1, 1.5, 2]),
      startDate,
      endDate: closed ? addDays(t, -rng.int(10, 60)) : addDays(t, rng.int(90, 300)),
      status: closed ? 'closed' : 'open',
      studentCount: 0,
    };
    db.seedClasses.push(row);
    classes.push(row);
  }
  const openClasses = classes.filter((c) => c.status === 'open');

  // Templates
  const templates: (CardTemplate & { unsold?: boolean })[] = cfg.templates.map((tp) => {
    const row: CardTemplate = {
      id: nextId(db, 'cardTemplates'),
      companyId,
      name: tp.name,
      kind: tp.kind,
      hours: tp.hours,
      giftHours: tp.giftHours,
      price: tp.price,
      validDays: tp.validDays,
      classIds: tp.courses ? classes.filter((c) => tp.courses!.includes(c.course)).map((c) => c.id) : [],
      onSale: tp.onSale ?? true,
      issuedCount: 0,
    };
    db.seedCardTemplates.push(row);
    return { ...row, unsold: tp.unsold };
  });
  const sellable = templates.filter((tp) => !tp.unsold);

  // Students, enrolments, cards, ledger
  const total = cfg.students;
  for (let i = 0; i < total; i += 1) {
    const campusId = campusIds[rng.chance(0.6) ? 0 : campusIds.length - 1];
    const gender: Gender = rng.chance(0.72) ? 'female' : 'male';
    const name = chineseName(rng);
    const demoParent = companyId === 2 && i === 0;
    const createdDay = addDays(t, -rng.int(20, 330));
    const statusRoll = rng.next();
    const student = seedStudent(db, {
      companyId,
      campusId,
      name,
      gender,
      mobile: demoParent ? '13800000008' : mobileNumber(rng),
      parentName: demoParent ? '吴佳怡' : `${name.slice(0, 1)}${rng.pick(['妈妈', '爸爸'])}`,
      birthday: addDays(t, -rng.int(4 * 365, 16 * 365)),
      remark: rng.chance(0.1) ? rng.pick(['Prefers weekend lessons', '准备参加少儿舞蹈考级', 'Allergic to dust, keep windows open', '家长希望多关注基本功']) : undefined,
      createdAt: stamp(createdDay, rng),
    });
    student.status = statusRoll < 0.86 ? 'active' : statusRoll < 0.94 ? 'paused' : 'graduated';
    const campusClasses = openClasses.filter((c) => c.campusId === campusId && c.studentCount < c.capacity);
    const want = student.status === 'graduated' ? 0 : rng.chance(0.15) ? 2 : 1;
    for (let k = 0; k < want && campusClasses.length; k += 1) {
      const cls = rng.pick(campusClasses);
      if (cls.studentCount < cls.capacity && !student.classIds.includes(cls.id)) enrolSeedStudent(db, student, cls.id);
    }
    // Cards: most students hold one; some have an older one too.
    const cardCount = student.status === 'graduated' ? 1 : rng.chance(0.28) ? 2 : rng.chance(0.93) ? 1 : 0;
    for (let k = 0; k < cardCount; k += 1) {
      const older = k === 1;
      const tpl = rng.pick(sellable.filter((tp) => tp.onSale || older));
      const issueOffset = older ? rng.int(200, 330) : rng.int(5, 190);
      seedCard(db, rng, { student, tpl, issueDay: addDays(t, -issueOffset), sellers, manager, teachers, classes, lessonsFromClass: student.classIds[0] });
    }
  }
  // Every state and record type present: a few pending return requests, a few invalidated cards.
  const active = db.studentCards.filter((c) => c.companyId === companyId && c.status === 'active');
  const returnable = active.filter((c) => c.kind === 'count' && c.remainingHours >= 4 && c.expiryDate > t);
  for (let i = 0; i < Math.min(4, Math.floor(returnable.length / 10)); i += 1) {
    const card = returnable[returnable.length - 1 - i * 5];
    const seller = db.seedStaff.find((s) => s.id === card.sellerId);
    appendHourRecord(db, {
      cardId: card.id,
      type: 'backing',
      hours: rng.pick([2, 3, 4]),
      reason: rng.pick(RETURN_REASONS),
      operator: { id: seller?.id ?? manager.id, name: seller?.name ?? manager.name },
      at: stamp(addDays(t, -rng.int(0, 3)), rng),
    });
  }
  for (let i = 0; i < Math.min(3, Math.floor(active.length / 20)); i += 1) {
    const card = active[i * 7];
    card.status = 'invalid';
    card.invalidReason = rng.pick(INVALID_REASONS);
  }
}

interface CardSeedCtx {
  student: Student;
  tpl: CardTemplate;
  issueDay: string;
  sellers: Staff[];
  manager: Staff;
  teachers: Staff[];
  classes: SchoolClass[];
  lessonsFromClass?: number;
}

function seedCard(db: Db, rng: Rng, c: CardSeedCtx) {
  const t = today();
  const { student, tpl } = c;
  const seller = c.sellers.length ? rng.pick(c.sellers) : c.manager;
  const discount = rng.pick([1, 1, 1, 0.95, 0.9]);
  const paid = round2(tpl.price * discount);
  const id = nextId(db, 'studentCards');
  const card: StudentCard = {
    id,
    companyId: student.companyId,
    cardNo: nextCardNo(db, student.companyId, id),
    studentId: student.id,
    studentName: student.name,
    templateId: tpl.id,
    templateName: tpl.name,
    kind: tpl.kind,
    boughtHours: tpl.hours,
    giftHours: tpl.giftHours,
    paidAmount: paid,
    unitPrice: unitPrice(paid, tpl.hours, tpl.giftHours),
    remainingHours: 0,
    startDate: c.issueDay,
    expiryDate: addDays(c.issueDay, tpl.validDays),
    status: 'active',
    classIds: [...tpl.classIds],
    sellerId: seller.id,
    sellerName: seller.name,
    // Sold in the morning of its first day (before any lesson of that day can consume it). One draw, like stamp().
    createdAt: `${c.issueDay} 08:${pad(rng.int(0, 59))}:00`,
  };
  db.studentCards.push(card);
  const tplRow = db.seedCardTemplates.find((x) => x.id === tpl.id);
  if (tplRow) tplRow.issuedCount += 1;
  const orderId = nextId(db, 'cardOrders');
  db.cardOrders.push({
    id: orderId,
    companyId: student.companyId,
    orderNo: nextOrderNo(orderId),
    kind: 'new',
    studentId: student.id,
    studentName: student.name,
    cardId: card.id,
    templateId: tpl.id,
    templateName: tpl.name,
    hours: tpl.hours,
    giftHours: tpl.giftHours,
    amount: paid,
    method: rng.pick(METHODS),
    sellerId: seller.id,
    sellerName: seller.name,
    createdAt: card.createdAt,
  });
  const sellerOp = { id: seller.id, name: seller.name };
  const mgrOp = { id: c.manager.id, name: c.manager.name };
  appendHourRecord(db, { cardId: card.id, type: 'add', hours: tpl.hours, orderId, operator: sellerOp, at: card.createdAt });
  if (tpl.giftHours > 0) appendHourRecord(db, { cardId: card.id, type: 'give', hours: tpl.giftHours, orderId, operator: mgrOp, at: card.createdAt });

  // Lessons: about weekly from issue to min(today - 1, expiry).
  const cls = c.classes.find((x) => x.id === c.lessonsFromClass) ?? c.classes.find((x) => tpl.classIds.length === 0 || tpl.classIds.includes(x.id));
  if (!cls) return;
  const teacher = db.seedStaff.find((s) => s.id === cls.teacherId) ?? c.teachers[0];
  const teacherOp = { id: teacher.id, name: teacher.name };
  // The schedule seed (./schedule.ts) roll-calls the lessons of the last SCHEDULE_HISTORY_DAYS for enrolled
  // students: this history stops before them, so each card's records are written in time order.
  const until = student.classIds.length ? addDays(t, -(SCHEDULE_HISTORY_DAYS + 1)) : addDays(t, -1);
  const last = card.expiryDate < until ? addDays(card.expiryDate, -1) : until;
  let day = addDays(c.issueDay, rng.int(1, 6));
  let renewed = false;
  let pendingReturn = false;
  while (day <= last) {
    const roll = rng.next();
    const at = `${day} ${rng.pick(TIMES)}`;
    const need = cls.hoursPerLesson;
    const type = roll < 0.84 ? 'reduce' : roll < 0.91 ? 'leave' : roll < 0.96 ? 'truant' : roll < 0.975 ? 'diy' : roll < 0.985 ? 'proof' : 'return';
    const consumes = card.kind === 'count' && (type === 'reduce' || type === 'truant' || type === 'diy');
    if (card.status === 'invalid') break;
    if (consumes && card.remainingHours < need) {
      // Running out: some get renewed, others record a failed deduction and stop.
      if (!renewed && rng.chance(0.35)) {
        renewed = true;
        const oid = nextId(db, 'cardOrders');
        const amount = round2(tpl.price * 0.95);
        db.cardOrders.push({
          id: oid,
          companyId: card.companyId,
          orderNo: nextOrderNo(oid),
          kind: 'renew',
          studentId: student.id,
          studentName: student.name,
          cardId: card.id,
          templateId: tpl.id,
          templateName: tpl.name,
          hours: tpl.hours,
          giftHours: 0,
          amount,
          method: rng.pick(METHODS),
          sellerId: seller.id,
          sellerName: seller.name,
          createdAt: at,
        });
        card.boughtHours = round1(card.boughtHours + tpl.hours);
        card.paidAmount = round2(card.paidAmount + amount);
        appendHourRecord(db, { cardId: card.id, type: 'add', hours: tpl.hours, orderId: oid, operator: sellerOp, at });
      } else {
        // Attended without enough hours: an arrears item of the lesson (docs/rules.md#arrears), no hour record.
        recordArrears(db, { companyId: card.companyId, studentId: student.id, studentName: student.name, lessonDate: day, classId: cls.id, mark: type === 'truant' ? 'truant' : 'present', hours: need, reason: 'notEnough', cardId: card.id, at });
        break;
      }
    }
    if (type === 'reduce' || type === 'leave' || type === 'truant') {
      appendHourRecord(db, { cardId: card.id, type, hours: need, operator: teacherOp, at });
    } else if (type === 'diy') {
      if (card.kind === 'count') appendHourRecord(db, { cardId: card.id, type: 'diy', hours: 1, reason: rng.pick(DIY_REASONS), operator: mgrOp, at });
    } else if (type === 'proof') {
      appendHourRecord(db, { cardId: card.id, type: 'proof', hours: 1, signedHours: 1, reason: rng.pick(PROOF_REASONS), operator: mgrOp, at });
    } else if (card.kind === 'count' && !pendingReturn && card.remainingHours >= 2) {
      pendingReturn = true;
      const rec = appendHourRecord(db, { cardId: card.id, type: 'backing', hours: Math.min(card.remainingHours, rng.pick([2, 4, 6])), reason: rng.pick(RETURN_REASONS), operator: sellerOp, at });
      // Older requests were decided; a few recent ones stay pending review.
      const age = (Date.parse(t) - Date.parse(day)) / 86400000;
      if (age > 10) {
        const approve = rng.chance(0.5);
        reviewReturn(db, rec.id, approve, mgrOp, { at: `${addDays(day, 2)} 11:00:00` });
        if (approve) break;
      } else {
        break;
      }
    }
    day = addDays(day, rng.pick([7, 7, 7, 3, 4, 14]));
  }
}

const DEMO_COMPANIES: CompanySeed[] = [
  {
    companyId: 2,
    seed: 20240315,
    staff: [
      { name: '王若汐', role: 'teacher', campusId: 1, userId: 4, mobile: '13800000004' },
      { name: '周晓彤', role: 'dealer', campusId: 1, userId: 2, mobile: '13800000002' },
      { name: '陈嘉怡', role: 'manager', campusId: 1, userId: 3, mobile: '13800000003' },
      { name: '李浩然', role: 'sales', campusId: 1, userId: 5, mobile: '13800000005' },
      { name: '许静怡', role: 'manager', campusId: 2 },
    ],
    extraTeachers: 16,
    extraSales: 4,
    rooms: [
      { campusId: 1, name: 'Studio A 练功房', capacity: 30 },
      { campusId: 1, name: 'Studio B 芭蕾厅', capacity: 26 },
      { campusId: 1, name: 'Studio C 街舞室', capacity: 30 },
      { campusId: 1, name: 'Studio D 小教室', capacity: 16 },
      { campusId: 1, name: 'Rehearsal Hall 排练厅', capacity: 40 },
      { campusId: 2, name: 'Riverside 1 镜面教室', capacity: 30 },
      { campusId: 2, name: 'Riverside 2 多功能厅', capacity: 30 },
      { campusId: 2, name: 'Riverside 3 少儿教室', capacity: 20 },
    ],
    courses: ['中国舞', '芭蕾', '街舞', '拉丁', '爵士', '少儿舞蹈', '现代舞', '古典舞'],
    classCount: 30,
    demoTeacherClasses: 4,
    students: 400,
    templates: [
      { name: '10 课时体验卡', kind: 'count', hours: 10, giftHours: 0, price: 1280, validDays: 90 },
      { name: '24 课时标准卡', kind: 'count', hours: 24, giftHours: 2, price: 2880, validDays: 180 },
      { name: '48 课时年卡', kind: 'count', hours: 48, giftHours: 6, price: 5280, validDays: 365 },
      { name: '96 课时尊享卡', kind: 'count', hours: 96, giftHours: 12, price: 9600, validDays: 540 },
      { name: '季度畅学卡', kind: 'period', hours: 0, giftHours: 0, price: 3600, validDays: 90 },
      { name: '芭蕾专项 20 课时', kind: 'count', hours: 20, giftHours: 0, price: 2600, validDays: 180, courses: ['芭蕾'] },
      { name: '暑期集训卡（停售）', kind: 'count', hours: 30, giftHours: 0, price: 2400, validDays: 60, onSale: false },
      { name: '街舞 16 课时卡', kind: 'count', hours: 16, giftHours: 1, price: 1980, validDays: 120, courses: ['街舞'], unsold: true },
    ],
  },
  {
    companyId: 3,
    seed: 20240901,
    staff: [
      { name: '何梦琪', role: 'dealer', campusId: 3, userId: 9, mobile: '13800000009' },
      { name: '周晓彤', role: 'teacher', campusId: 3, userId: 2, mobile: '13800000002' },
    ],
    extraTeachers: 2,
    extraSales: 1,
    rooms: [
      { campusId: 3, name: '素描教室', capacity: 16 },
      { campusId: 3, name: '国画教室', capacity: 12 },
    ],
    courses: ['少儿美术', '素描', '国画'],
    classCount: 4,
    demoTeacherClasses: 2,
    students: 30,
    templates: [
      { name: '美术 20 课时卡', kind: 'count', hours: 20, giftHours: 2, price: 2200, validDays: 180 },
      { name: '美术月卡', kind: 'period', hours: 0, giftHours: 0, price: 680, validDays: 30 },
    ],
  },
  {
    companyId: 4,
    seed: 20231120,
    staff: [
      { name: '郭俊杰', role: 'dealer', campusId: 4, userId: 10, mobile: '13800000010' },
      { name: '罗婉清', role: 'teacher', campusId: 4, userId: 11, mobile: '13800000011' },
    ],
    extraTeachers: 1,
    extraSales: 0,
    rooms: [
      { campusId: 4, name: '钢琴房 1', capacity: 6 },
      { campusId: 4, name: '合奏室', capacity: 14 },
    ],
    courses: ['钢琴', '小提琴'],
    classCount: 3,
    demoTeacherClasses: 2,
    students: 15,
    templates: [{ name: '钢琴 30 课时卡', kind: 'count', hours: 30, giftHours: 0, price: 4500, validDays: 365 }],
  },
];

/** Days of past lessons the schedule seed creates and roll-calls (mock/domains/schedule.ts: today − 91 …). */
export const SCHEDULE_HISTORY_DAYS = 91;

/**
 * The last seeder (mock/domains/index.ts): every card's records in time order carry the balance after them.
 * Seeders append records domain by domain (school history, then the schedule's roll calls, then pending return
 * requests of the last days ...); this recomputes each record's `balanceAfter` as the running sum of the card's
 * signed hours in time order (a rejected return counts 0, as the ledger keeps it) and checks it never goes below 0.
 * Hours and money values are untouched. mock/seed.test.ts checks every card at both scales.
 */
export function seedLedgerInTimeOrder(db: Db) {
  const byCard = new Map<number, HourRecord[]>();
  for (const r of db.hourRecords) {
    const list = byCard.get(r.cardId);
    if (list) list.push(r);
    else byCard.set(r.cardId, [r]);
  }
  for (const card of db.studentCards) {
    const records = byCard.get(card.id);
    if (!records) continue;
    records.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id));
    let balance = 0;
    for (const r of records) {
      balance = round1(balance + r.hours);
      r.balanceAfter = balance;
    }
    card.remainingHours = balance;
  }
  const t = today();
  db.studentCards.forEach((card) => {
    if (card.status !== 'invalid') card.status = cardStatus(card, t);
  });
}

/** Seeds the school tables (docs/rules.md#demo-data-and-modes). `MOCK_SCALE=large` gives 20 000 students to Starlight Dance. */
export function seedSchool(db: Db) {
  db.seedStaff = [];
  db.seedRooms = [];
  db.seedClasses = [];
  db.seedStudents = [];
  db.seedCardTemplates = [];
  db.studentCards = [];
  db.hourRecords = [];
  db.cardOrders = [];
  const large = typeof process !== 'undefined' && process.env.MOCK_SCALE === 'large';
  for (const cfg of DEMO_COMPANIES) {
    const scale = large && cfg.companyId === 2 ? 50 : 1;
    seedCompany(db, { ...cfg, students: cfg.students * scale, classCount: cfg.classCount * (scale > 1 ? 2 : 1) }, scale);
  }
  const t = today();
  db.studentCards.forEach((card) => {
    card.status = cardStatus(card, t);
  });
}
