/**
 * Arrears (docs/rules.md#arrears): a lesson attended (or a consuming truant/leave) without usable hours creates an item
 * here instead of an hour record (the roll call, ./schedule.ts; the seed's card histories, ./school.ts). A card
 * sale or renewal settles the student's open items, oldest first, as the card's first consumption (`reduce` records
 * tied to the lesson, valued by the ledger at the card's unit price: `settleArrears`, rule in src/domain/arrears.ts);
 * an item can also be written off with a reason (logged by the audit hook like every write). The undo of a roll call
 * removes its open items (a settled one gets its hours back on the card through a proof, and is cancelled).
 * Calls: GET /v2/arrears, GET /v2/arrears/summary, POST /v2/arrears/write_off.
 */
import type { Db } from '../db';
import { nextId } from '../db';
import { api, definePolicy, type Session } from '../http';
import { defineMessages, message, type Lang } from '../messages';
import { listQuery, type ListSpec } from '../list';
import { indexOf } from '../indexes';
import { nowStamp } from '../clock';
import type { ArrearsItem, ArrearsReason, ArrearsRow, ArrearsSettlement, ArrearsSummary } from '../../src/types/arrears';
import type { AttendanceMark } from '../../src/types/schedule';
import type { StudentCard } from '../../src/types/school';
import { WriteOffArrearsBody } from '../../src/types/arrears.schemas';
import { arrearsValue, canWriteOffArrears, classHourPrice, planSettlement } from '../../src/domain/arrears';
import { round1, round2 } from '../../src/domain/ledger';
import { appendHourRecord, type Operator } from './ledger';
import { can, readSchool, visibleStudentIds } from './schoolPolicies';
import { loadStudentCampuses, studentCampusesOf } from './studentRows';
import { operatorOf } from './school';
import { classesOf } from './schoolRows';
import { templatesOf } from './cardTemplateRows';

declare module '../db' {
  interface Db {
    /** Arrears items (docs/rules.md#arrears), one per student and lesson attended without usable hours. */
    arrears: ArrearsItem[];
  }
}

defineMessages({
  'arrears.notOpen': { en: 'This arrears item is no longer open: it was settled or written off.', zh: '该欠课记录已结清或已核销，不能再核销。' },
  'arrears.settleReason': { en: 'Arrears of {date} · {cls}', zh: '补扣欠课：{date} · {cls}' },
  'arrears.field.reason': { en: 'Write-off reason', zh: '核销原因' },
  'arrears.field.id': { en: 'Arrears item', zh: '欠课记录' },
});

/** The table (created on first use: the school seed writes items before this module's seeder would run). */
export function arrearsTable(db: Db): ArrearsItem[] {
  if (!db.arrears) db.arrears = [];
  return db.arrears;
}

/** The arrears items of the caller's students (the student list's scope, data scope included). */
export function arrearsRows(db: Db, s: Session): ArrearsItem[] {
  const all = indexOf(db, 'arrears', s.company.id);
  const visible = all.length ? visibleStudentIds(db, s) : undefined;
  return visible ? all.filter((a) => visible.has(a.studentId)) : all;
}

export const arrearsPolicy = definePolicy<ArrearsItem>({
  name: 'arrears',
  read: ['studentManagement', readSchool],
  write: 'studentManagement',
  rows: arrearsRows,
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
  arrearsTable(db).push(item);
  return item;
}

/** The item of a student's lesson (not cancelled), for the roll-call view. */
export function arrearsOfLesson(db: Db, lessonId: number): ArrearsItem[] {
  return arrearsTable(db).filter((a) => a.lessonId === lessonId && a.status !== 'cancelled');
}

/**
 * Settles the student's open items from a card just bought (src/domain/arrears.ts `planSettlement`): one `reduce`
 * record per item, tied to its lesson, dated at the sale. Nothing when the card holds no hours (period) or is not
 * usable at the sale (starts later): the items stay open.
 */
export function settleArrears(db: Db, card: StudentCard, operator: Operator, at: string, lang: Lang): ArrearsSettlement | undefined {
  const open = arrearsTable(db).filter((a) => a.companyId === card.companyId && a.studentId === card.studentId && a.status === 'open');
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
  const table = arrearsTable(db);
  const before = table.slice();
  const snaps = table.filter((a) => a.lessonId === lessonId).map((a) => [a, { ...a }] as const);
  const cards: [StudentCard, Pick<StudentCard, 'remainingHours' | 'status' | 'unitPrice'>][] = [];
  const restore = () => {
    for (const [card, snap] of cards.reverse()) Object.assign(card, snap);
    table.length = before.length;
    for (let i = 0; i < before.length; i += 1) table[i] = before[i];
    for (const [row, snap] of snaps) {
      for (const k of Object.keys(row) as (keyof ArrearsItem)[]) if (!(k in snap)) delete row[k];
      Object.assign(row, snap);
    }
  };
  try {
    for (const item of table.filter((a) => a.lessonId === lessonId && a.status !== 'cancelled')) {
      const card = item.status === 'settled' ? db.studentCards.find((c) => c.id === item.settledCardId) : undefined;
      // An invalidated card takes nothing back (its value was forfeited): the item is only cancelled.
      if (card && card.status !== 'invalid') {
        cards.push([card, { remainingHours: card.remainingHours, status: card.status, unitPrice: card.unitPrice }]);
        appendHourRecord(db, { cardId: card.id, type: 'proof', hours: item.hours, signedHours: item.hours, reason, lessonId, reversesRecordId: item.settledRecordId, operator, at, lang });
      }
      if (item.status !== 'open') {
        item.status = 'cancelled';
        item.cancelledAt = at;
      }
    }
  } catch (e) {
    restore();
    throw e;
  }
  for (let i = table.length - 1; i >= 0; i -= 1) if (table[i].lessonId === lessonId && table[i].status === 'open') table.splice(i, 1);
  return restore;
}

/** Open items of the rows: count, hours, value. */
export function arrearsSummary(rows: ArrearsItem[]): ArrearsSummary {
  let hours = 0;
  let cents = 0;
  let open = 0;
  for (const a of rows) {
    if (a.status !== 'open') continue;
    open += 1;
    hours += Math.round(a.hours * 10);
    cents += Math.round(a.value * 100);
  }
  return { open, hours: hours / 10, value: cents / 100 };
}

/** The student's campus now, by student id (the campus filter and the rows' campus column; read by the call: `loadStudentCampuses`). */
function campusOf(db: Db, s: Session): Map<number, { campusId: number; campusName: string }> {
  return studentCampusesOf(db, s.company.id);
}

/** Items of the caller's rows on a campus (the student's campus now); all of them without one. */
function onCampus(db: Db, s: Session, items: ArrearsItem[], campusId: string | undefined): ArrearsItem[] {
  if (!campusId) return items;
  const ids = new Set(campusId.split(',').map(Number));
  const campus = campusOf(db, s);
  return items.filter((a) => ids.has(campus.get(a.studentId)?.campusId ?? 0));
}

const LIST_SPEC: ListSpec<ArrearsItem> = {
  keywordFields: ['studentName', 'className', 'settledCardNo', 'writeOffReason'],
  equalFields: ['status', 'studentId', 'classId', 'lessonId'],
  dateField: 'lessonDate',
  sortable: ['lessonDate', 'createdAt', 'hours', 'value'],
  defaultSort: { field: 'lessonDate', order: 'descend' },
};

export const arrearsHandlers = [
  api('get', '/v2/arrears', { read: arrearsPolicy }, async (ctx) => {
    await loadStudentCampuses(ctx.db, ctx.session.company.id);
    const page = listQuery(onCampus(ctx.db, ctx.session, ctx.rows(arrearsPolicy), ctx.query.campusId), ctx.query, LIST_SPEC, ctx.lang);
    const campus = campusOf(ctx.db, ctx.session);
    const list: ArrearsRow[] = page.list.map((a) => ({ ...a, campusId: campus.get(a.studentId)?.campusId ?? 0, campusName: campus.get(a.studentId)?.campusName ?? '' }));
    return { ...page, list };
  }),

  api('get', '/v2/arrears/summary', { read: arrearsPolicy }, async (ctx) => {
    if (ctx.query.campusId) await loadStudentCampuses(ctx.db, ctx.session.company.id);
    return arrearsSummary(onCampus(ctx.db, ctx.session, ctx.rows(arrearsPolicy), ctx.query.campusId));
  }),

  api('post', '/v2/arrears/write_off', { write: arrearsPolicy, access: can(canWriteOffArrears), body: WriteOffArrearsBody, labels: { id: 'arrears.field.id', reason: 'arrears.field.reason' } }, (ctx) => {
    const item = ctx.target(arrearsPolicy, ctx.body.id, 'noun.arrears');
    if (item.status !== 'open') throw ctx.bad('arrears.notOpen');
    const op = operatorOf(ctx.db, ctx.session).name;
    item.status = 'writtenOff';
    item.writeOffReason = ctx.body.reason;
    item.writtenOffBy = op;
    item.writtenOffAt = nowStamp();
    return item;
  }),
];

/** Seeder: the table exists in every Db (empty when nothing was owed). */
export function seedArrears(db: Db) {
  arrearsTable(db);
}
