/**
 * Arrears (docs/rules.md#arrears): a lesson attended (or a consuming truant/leave) without usable hours creates an item
 * here instead of an hour record (the roll call, ./schedule.ts; the seed's card histories, ./school.ts). A card
 * sale or renewal settles the student's open items, oldest first, as the card's first consumption (`reduce` records
 * tied to the lesson, valued by the ledger at the card's unit price: `settleArrears`, rule in src/domain/arrears.ts);
 * an item can also be written off with a reason (logged by the audit hook like every write). The undo of a roll call
 * removes its open items (a settled one gets its hours back on the card through a proof, and is cancelled).
 * Calls: GET /v2/arrears, GET /v2/arrears/summary, POST /v2/arrears/write_off.
 *
 * The items are in the database (`arrears_items`, server/db/schema/cards.ts). The synchronous rules (the roll call,
 * the settlement at a sale) find the items they need in the request's memo, read before them: a lesson's items
 * (`loadLessonArrears`, with its roll call) and a student's open items (`loadOpenArrears`, before a sale or a
 * renewal); what they create or change is written before the commit (`saveArrears`, `dropArrears`, ./cardRows.ts).
 * The list, its summary and the write-off read the table, in the student list's scope.
 */
import { and, asc, eq, exists, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { arrearsOf, dropArrears, saveArrears } from './cardRows';
import type { Db } from '../db';
import { isSeeding, nextId } from '../db';
import { api, definePolicy, type Session } from '../http';
import { defineMessages, message, type Lang } from '../messages';
import { nowStamp } from '../clock';
import { requestMemo, tx } from '../../server/db';
import { sqlList, type SqlListSpec } from '../../server/db/list';
import { arrearsItems, students } from '../../server/db/schema';
import type { ArrearsItem, ArrearsReason, ArrearsRow, ArrearsSettlement, ArrearsSummary } from '../../src/types/arrears';
import type { AttendanceMark } from '../../src/types/schedule';
import type { StudentCard } from '../../src/types/school';
import { WriteOffArrearsBody } from '../../src/types/arrears.schemas';
import { arrearsValue, canWriteOffArrears, classHourPrice, planSettlement } from '../../src/domain/arrears';
import { round1, round2 } from '../../src/domain/ledger';
import { appendHourRecord, type Operator } from './ledger';
import { can, readSchool } from './schoolPolicies';
import { loadStudentCampuses, studentCampusesOf, studentWhere } from './studentRows';
import { operatorOf } from './school';
import { classesOf } from './schoolRows';
import { templatesOf } from './cardTemplateRows';

declare module '../db' {
  interface Db {
    /** The demo seed's arrears items (written to the database by `seedCardTables`, ./cardRows.ts); never read by a request. */
    seedArrears: ArrearsItem[];
  }
}

defineMessages({
  'arrears.notOpen': { en: 'This arrears item is no longer open: it was settled or written off.', zh: '该欠课记录已结清或已核销，不能再核销。' },
  'arrears.settleReason': { en: 'Arrears of {date} · {cls}', zh: '补扣欠课：{date} · {cls}' },
  'arrears.field.reason': { en: 'Write-off reason', zh: '核销原因' },
  'arrears.field.id': { en: 'Arrears item', zh: '欠课记录' },
});

const lessonKey = (lessonId: number) => `arrears:lesson:${lessonId}`;
const openKey = (studentId: number) => `arrears:open:${studentId}`;

/** The seed's items (created on first use: the school seed writes items before this module's seeder would run). */
function seedTable(db: Db): ArrearsItem[] {
  if (!db.seedArrears) db.seedArrears = [];
  return db.seedArrears;
}

/** Reads the items of these lessons (not cancelled) into the request's memo, for the roll call (`arrearsOfLesson`). */
export async function loadLessonArrears(companyId: number, lessonIds: number[]): Promise<void> {
  const memo = requestMemo();
  const ids = [...new Set(lessonIds)];
  if (!ids.length) return;
  const rows = await (await tx())
    .select()
    .from(arrearsItems)
    .where(and(eq(arrearsItems.companyId, companyId), inArray(arrearsItems.lessonId, ids), ne(arrearsItems.status, 'cancelled')))
    .orderBy(asc(arrearsItems.id));
  for (const id of ids) memo?.set(lessonKey(id), rows.filter((r) => r.lessonId === id).map(arrearsOf));
}

/** Reads a student's open items, oldest first, into the request's memo, for the settlement of a sale (`settleArrears`). */
export async function loadOpenArrears(companyId: number, studentId: number): Promise<void> {
  const rows = await (await tx())
    .select()
    .from(arrearsItems)
    .where(and(eq(arrearsItems.companyId, companyId), eq(arrearsItems.studentId, studentId), eq(arrearsItems.status, 'open')))
    .orderBy(asc(arrearsItems.id))
    .for('update');
  requestMemo()?.set(openKey(studentId), rows.map(arrearsOf));
}

function memoList(key: string, what: string): ArrearsItem[] {
  const rows = requestMemo()?.get(key) as ArrearsItem[] | undefined;
  if (!rows) throw new Error(`The arrears of ${what} were not read in this request.`);
  return rows;
}

/** The student list's scope over the items: those of the students the caller sees. */
export function arrearsWhere(s: Session, db: Db): SQL {
  return and(eq(arrearsItems.companyId, s.company.id), exists(sql`(select 1 from ${students} where ${students.id} = ${arrearsItems.studentId} and ${studentWhere(s, db)})`))!;
}

export const arrearsPolicy = definePolicy<ArrearsItem>({
  name: 'arrears',
  read: ['studentManagement', readSchool],
  write: 'studentManagement',
  where: arrearsWhere,
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(arrearsItems).where(and(eq(arrearsItems.id, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && arrearsOf(r);
  },
});

/** Creates an open item for a lesson attended without usable hours; its value at the class's standard price. */
export function recordArrears(
  db: Db,
  input: { companyId: number; studentId: number; studentName: string; lessonId?: number; lessonDate: string; classId: number; mark: AttendanceMark; hours: number; reason: ArrearsReason; cardId?: number; at: string },
): ArrearsItem {
  const cls = classesOf(db, input.companyId).find((c) => c.id === input.classId);
  const price = classHourPrice(templatesOf(db, input.companyId), input.classId);
  const item: ArrearsItem = {
    id: nextId(db, 'arrears'),
    companyId: input.companyId,
    studentId: input.studentId,
    studentName: input.studentName,
    lessonId: input.lessonId,
    lessonDate: input.lessonDate,
    classId: input.classId,
    className: cls?.name ?? '',
    mark: input.mark,
    hours: round1(input.hours),
    value: arrearsValue(input.hours, price),
    reason: input.reason,
    cardId: input.cardId,
    createdAt: input.at,
    status: 'open',
  };
  if (isSeeding()) {
    seedTable(db).push(item);
    return item;
  }
  // The lesson's items as the request read them (`loadLessonArrears`), when it did: the roll-call view after it.
  (requestMemo()?.get(lessonKey(input.lessonId ?? 0)) as ArrearsItem[] | undefined)?.push(item);
  saveArrears(item);
  return item;
}

/** The items of a lesson (not cancelled), for the roll call: the seed's, or those the request read (`loadLessonArrears`). */
export function arrearsOfLesson(db: Db, lessonId: number): ArrearsItem[] {
  if (isSeeding()) return seedTable(db).filter((a) => a.lessonId === lessonId && a.status !== 'cancelled');
  return memoList(lessonKey(lessonId), `lesson ${lessonId}`);
}

/**
 * Settles the student's open items from a card just bought (src/domain/arrears.ts `planSettlement`): one `reduce`
 * record per item, tied to its lesson, dated at the sale. Nothing when the card holds no hours (period) or is not
 * usable at the sale (starts later): the items stay open.
 */
export function settleArrears(db: Db, card: StudentCard, operator: Operator, at: string, lang: Lang): ArrearsSettlement | undefined {
  const open = isSeeding()
    ? seedTable(db).filter((a) => a.companyId === card.companyId && a.studentId === card.studentId && a.status === 'open')
    : memoList(openKey(card.studentId), `student ${card.studentId}`).filter((a) => a.status === 'open');
  if (!open.length || card.startDate > at.slice(0, 10) || card.expiryDate < at.slice(0, 10) || card.status === 'invalid') return undefined;
  const items = planSettlement(open, card);
  if (!items.length) return undefined;
  const out: ArrearsSettlement = { items: [], hours: 0, amount: 0, hoursAfter: card.remainingHours };
  for (const item of items) {
    const rec = appendHourRecord(db, { cardId: card.id, type: 'reduce', hours: item.hours, lessonId: item.lessonId, reason: message(lang, 'arrears.settleReason', { date: item.lessonDate, cls: item.className }), operator, at, lang });
    item.status = 'settled';
    item.settledCardId = card.id;
    item.settledCardNo = card.cardNo;
    item.settledRecordId = rec.id;
    item.settledAmount = -rec.amount;
    item.settledAt = at;
    saveArrears(item);
    out.items.push({ id: item.id, lessonDate: item.lessonDate, className: item.className, hours: item.hours, amount: -rec.amount, recordId: rec.id });
    out.hours = round1(out.hours + item.hours);
    out.amount = round2(out.amount - rec.amount);
  }
  out.hoursAfter = card.remainingHours;
  return out;
}

/**
 * The undo of a lesson's roll call: its open items go away; a settled one gets its hours back on the settling card
 * (a proof reversing the settlement record) and is cancelled, as is a written-off one. Returns a restore function
 * for the caller's all-or-nothing rollback.
 */
export function undoLessonArrears(db: Db, lessonId: number, operator: Operator, at: string, reason: string, lang: Lang): () => void {
  const items = arrearsOfLesson(db, lessonId);
  const cards: [StudentCard, Pick<StudentCard, 'remainingHours' | 'status' | 'unitPrice'>][] = [];
  // The process's cards as they were (the items are rows of the request's transaction, which a failure rolls back).
  const restore = () => {
    for (const [card, snap] of cards.reverse()) Object.assign(card, snap);
  };
  try {
    for (const item of items) {
      const card = item.status === 'settled' ? db.studentCards.find((c) => c.id === item.settledCardId) : undefined;
      // An invalidated card takes nothing back (its value was forfeited): the item is only cancelled.
      if (card && card.status !== 'invalid') {
        cards.push([card, { remainingHours: card.remainingHours, status: card.status, unitPrice: card.unitPrice }]);
        appendHourRecord(db, { cardId: card.id, type: 'proof', hours: item.hours, signedHours: item.hours, reason, lessonId, reversesRecordId: item.settledRecordId, operator, at, lang });
      }
      if (item.status !== 'open') {
        item.status = 'cancelled';
        item.cancelledAt = at;
        saveArrears(item);
      }
    }
  } catch (e) {
    restore();
    throw e;
  }
  for (let i = items.length - 1; i >= 0; i -= 1) {
    if (items[i].status === 'open') dropArrears(items.splice(i, 1)[0]);
    else if (items[i].status === 'cancelled') items.splice(i, 1);
  }
  return restore;
}

/** The items on these campuses (the student's campus now; comma = any of). */
function onCampuses(value: string): SQL {
  const ids = value.split(',').filter((x) => /^\d{1,9}$/.test(x)).map(Number);
  if (!ids.length) return sql`false`;
  return exists(sql`(select 1 from ${students} where ${students.id} = ${arrearsItems.studentId} and ${inArray(students.campusId, ids)})`);
}

const LIST_SPEC: SqlListSpec = {
  keyword: [arrearsItems.studentName, arrearsItems.className, arrearsItems.settledCardNo, arrearsItems.writeOffReason],
  equal: { status: arrearsItems.status, studentId: arrearsItems.studentId, classId: arrearsItems.classId, lessonId: arrearsItems.lessonId },
  filters: { campusId: onCampuses },
  day: arrearsItems.lessonDate,
  sortable: { lessonDate: arrearsItems.lessonDate, createdAt: arrearsItems.createdAt, hours: arrearsItems.hours, value: arrearsItems.value },
  defaultSort: { field: 'lessonDate', order: 'descend' },
  tiebreak: [asc(arrearsItems.id)],
  // The student drawer's "n open items: h hours, ¥v" (sum=hours,value).
  sums: { hours: arrearsItems.hours, value: arrearsItems.value },
};

/** Open items in the caller's scope (on a campus): count, hours, value. */
async function arrearsSummary(scope: SQL | undefined, campusId: string | undefined): Promise<ArrearsSummary> {
  const [r] = await (await tx())
    .select({ open: sql<number>`count(*)::int`, hours: sql<string>`coalesce(sum(${arrearsItems.hours}), 0)::text`, value: sql<string>`coalesce(sum(${arrearsItems.value}), 0)::text` })
    .from(arrearsItems)
    .where(and(scope, eq(arrearsItems.status, 'open'), campusId ? onCampuses(campusId) : undefined));
  return { open: Number(r.open), hours: Number(r.hours), value: Number(r.value) };
}

export const arrearsHandlers = [
  api('get', '/v2/arrears', { read: arrearsPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), arrearsItems, ctx.scope(arrearsPolicy), ctx.query, LIST_SPEC, ctx.lang);
    await loadStudentCampuses(ctx.db, ctx.session.company.id);
    const campus = studentCampusesOf(ctx.db, ctx.session.company.id);
    const list: ArrearsRow[] = page.list.map(arrearsOf).map((a) => ({ ...a, campusId: campus.get(a.studentId)?.campusId ?? 0, campusName: campus.get(a.studentId)?.campusName ?? '' }));
    return { ...page, list };
  }),

  api('get', '/v2/arrears/summary', { read: arrearsPolicy }, async (ctx) => arrearsSummary(ctx.scope(arrearsPolicy), ctx.query.campusId || undefined)),

  api('post', '/v2/arrears/write_off', { write: arrearsPolicy, access: can(canWriteOffArrears), body: WriteOffArrearsBody, labels: { id: 'arrears.field.id', reason: 'arrears.field.reason' } }, async (ctx) => {
    const item = await ctx.find(arrearsPolicy, ctx.body.id, 'noun.arrears');
    if (item.status !== 'open') throw ctx.bad('arrears.notOpen');
    const op = operatorOf(ctx.db, ctx.session).name;
    item.status = 'writtenOff';
    item.writeOffReason = ctx.body.reason;
    item.writtenOffBy = op;
    item.writtenOffAt = nowStamp();
    saveArrears(item);
    return item;
  }),
];

/** Seeder: the seed's table exists in every Db (empty when nothing was owed). */
export function seedArrears(db: Db) {
  seedTable(db);
}
