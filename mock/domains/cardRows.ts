/**
 * The students' cards, card orders, hour records and arrears items in the database (server/db/schema/cards.ts).
 *
 * The rules over cards, orders and records still read them in the process (`Db.studentCards`, `hourRecords`,
 * `cardOrders`; arrears items are read by the requests that need them, ./arrears.ts): a
 * server on a database it has used before loads them from the tables when it opens (`loadCardTables`), and every
 * request writes the rows it created or changed to the tables in its own transaction, before the commit
 * (`saveCard`, `saveOrder`, `saveRecord`, `saveArrears`: the code that changes a row says so; the rows are written
 * as they are when the handler has answered). A request that fails writes nothing, and the restart after it reads
 * what was committed. The demo seed's rows are written by `seedCardTables`.
 */
import { and, eq, inArray, isNull, sql as q } from 'drizzle-orm';
import { isSeeding, setMemoryLoader, type Db, type SqlSeeder } from '../db';
import { beforeCommit, requestKey, tx, type Database } from '../../server/db';
import { insertMany, selectAllRows, upsertMany } from '../../server/db/bulk';
import { arrearsItems, cardOrders, hourRecords, studentCards } from '../../server/db/schema';
import { stampDate, stampOf } from '../../server/db/time';
import type { ArrearsItem } from '../../src/types/arrears';
import type { CardOrder, HourRecord, StudentCard } from '../../src/types/school';
import { cardStatus } from '../../src/domain/ledger';
import { today } from '../clock';

const u = <T>(v: T | null): T | undefined => (v === null ? undefined : v);
const stamp = (v: string | undefined) => (v ? stampDate(v) : null);
const text = (v: Date | null) => (v ? stampOf(v) : undefined);

export function cardValues(c: StudentCard): typeof studentCards.$inferInsert {
  return {
    id: c.id,
    companyId: c.companyId,
    cardNo: c.cardNo,
    studentId: c.studentId,
    studentName: c.studentName,
    templateId: c.templateId,
    templateName: c.templateName,
    kind: c.kind,
    boughtHours: c.boughtHours,
    giftHours: c.giftHours,
    paidAmount: c.paidAmount,
    unitPrice: c.unitPrice,
    remainingHours: c.remainingHours,
    startDate: c.startDate,
    expiryDate: c.expiryDate,
    invalid: c.status === 'invalid',
    invalidReason: c.invalidReason ?? null,
    invalidatedAt: stamp(c.invalidatedAt),
    classIds: c.classIds,
    sellerId: c.sellerId,
    sellerName: c.sellerName,
    expiryChanges: c.expiryChanges ?? null,
    createdAt: stampDate(c.createdAt),
  };
}

export function cardOf(r: typeof studentCards.$inferSelect, day: string): StudentCard {
  const card: StudentCard = {
    id: r.id,
    companyId: r.companyId,
    cardNo: r.cardNo,
    studentId: r.studentId,
    studentName: r.studentName,
    templateId: r.templateId,
    templateName: r.templateName,
    kind: r.kind,
    boughtHours: r.boughtHours,
    giftHours: r.giftHours,
    paidAmount: r.paidAmount,
    unitPrice: r.unitPrice,
    remainingHours: r.remainingHours,
    startDate: r.startDate,
    expiryDate: r.expiryDate,
    status: 'active',
    classIds: r.classIds,
    sellerId: r.sellerId,
    sellerName: r.sellerName,
    createdAt: stampOf(r.createdAt),
  };
  if (r.invalidReason !== null) card.invalidReason = r.invalidReason;
  if (r.invalidatedAt) card.invalidatedAt = stampOf(r.invalidatedAt);
  if (r.expiryChanges) card.expiryChanges = r.expiryChanges;
  card.status = cardStatus({ ...card, invalid: r.invalid }, day);
  return card;
}

export function orderValues(o: CardOrder): typeof cardOrders.$inferInsert {
  return { ...o, createdAt: stampDate(o.createdAt) };
}

export function orderOf(r: typeof cardOrders.$inferSelect): CardOrder {
  return { ...r, createdAt: stampOf(r.createdAt) };
}

export function recordValues(r: HourRecord): typeof hourRecords.$inferInsert {
  return {
    id: r.id,
    companyId: r.companyId,
    cardId: r.cardId,
    cardNo: r.cardNo,
    studentId: r.studentId,
    studentName: r.studentName,
    type: r.type,
    hours: r.hours,
    requestedHours: r.requestedHours ?? null,
    balanceAfter: r.balanceAfter,
    amount: r.amount,
    reason: r.reason ?? null,
    lessonId: r.lessonId ?? null,
    orderId: r.orderId ?? null,
    operatorId: r.operatorId,
    operatorName: r.operatorName,
    createdAt: stampDate(r.createdAt),
    reviewedAt: stamp(r.reviewedAt),
    reviewerName: r.reviewerName ?? null,
  };
}

export function recordOf(r: typeof hourRecords.$inferSelect): HourRecord {
  const rec: HourRecord = {
    id: r.id,
    companyId: r.companyId,
    cardId: r.cardId,
    cardNo: r.cardNo,
    studentId: r.studentId,
    studentName: r.studentName,
    type: r.type,
    hours: r.hours,
    requestedHours: u(r.requestedHours),
    balanceAfter: r.balanceAfter,
    amount: r.amount,
    reason: u(r.reason),
    lessonId: u(r.lessonId),
    orderId: u(r.orderId),
    operatorId: r.operatorId,
    operatorName: r.operatorName,
    createdAt: stampOf(r.createdAt),
  };
  if (r.reviewedAt) rec.reviewedAt = stampOf(r.reviewedAt);
  if (r.reviewerName !== null) rec.reviewerName = r.reviewerName;
  return rec;
}

export function arrearsValues(a: ArrearsItem): typeof arrearsItems.$inferInsert {
  return {
    id: a.id,
    companyId: a.companyId,
    studentId: a.studentId,
    studentName: a.studentName,
    lessonId: a.lessonId ?? null,
    lessonDate: a.lessonDate,
    classId: a.classId,
    className: a.className,
    mark: a.mark,
    hours: a.hours,
    value: a.value,
    reason: a.reason,
    cardId: a.cardId ?? null,
    createdAt: stampDate(a.createdAt),
    status: a.status,
    settledCardId: a.settledCardId ?? null,
    settledCardNo: a.settledCardNo ?? null,
    settledRecordId: a.settledRecordId ?? null,
    settledAmount: a.settledAmount ?? null,
    settledAt: stamp(a.settledAt),
    writeOffReason: a.writeOffReason ?? null,
    writtenOffBy: a.writtenOffBy ?? null,
    writtenOffAt: stamp(a.writtenOffAt),
    cancelledAt: stamp(a.cancelledAt),
  };
}

export function arrearsOf(r: typeof arrearsItems.$inferSelect): ArrearsItem {
  const a: ArrearsItem = {
    id: r.id,
    companyId: r.companyId,
    studentId: r.studentId,
    studentName: r.studentName,
    lessonDate: r.lessonDate,
    classId: r.classId,
    className: r.className,
    mark: r.mark,
    hours: r.hours,
    value: r.value,
    reason: r.reason,
    createdAt: stampOf(r.createdAt),
    status: r.status,
  };
  if (r.lessonId !== null) a.lessonId = r.lessonId;
  if (r.cardId !== null) a.cardId = r.cardId;
  if (r.settledCardId !== null) a.settledCardId = r.settledCardId;
  if (r.settledCardNo !== null) a.settledCardNo = r.settledCardNo;
  if (r.settledRecordId !== null) a.settledRecordId = r.settledRecordId;
  if (r.settledAmount !== null) a.settledAmount = r.settledAmount;
  if (r.settledAt) a.settledAt = stampOf(r.settledAt);
  if (r.writeOffReason !== null) a.writeOffReason = r.writeOffReason;
  if (r.writtenOffBy !== null) a.writtenOffBy = r.writtenOffBy;
  if (r.writtenOffAt) a.writtenOffAt = stampOf(r.writtenOffAt);
  if (r.cancelledAt) a.cancelledAt = stampOf(r.cancelledAt);
  return a;
}

/** The demo seed's cards, orders, records and arrears (the in-process seed writes them as it replays its history). */
export const seedCardTables: SqlSeeder = async (sql, db) => {
  await insertMany(sql, studentCards, db.studentCards.map(cardValues));
  await insertMany(sql, cardOrders, db.cardOrders.map(orderValues));
  await insertMany(sql, hourRecords, db.hourRecords.map(recordValues));
  await insertMany(sql, arrearsItems, (db.seedArrears ?? []).map(arrearsValues));
};

const maxId = (rows: { id: number }[]) => rows.reduce((m, r) => Math.max(m, r.id), 0);

/** Reads the cards, orders and records into the process (a server opening a database it has used before). */
export async function loadCardTables(sql: Database, db: Db): Promise<void> {
  const day = today();
  db.studentCards = (await selectAllRows(sql, studentCards)).map((r) => cardOf(r, day));
  db.cardOrders = (await selectAllRows(sql, cardOrders)).map(orderOf);
  db.hourRecords = (await selectAllRows(sql, hourRecords)).map(recordOf);
  db.seq.studentCards = maxId(db.studentCards);
  db.seq.cardOrders = maxId(db.cardOrders);
  db.seq.hourRecords = maxId(db.hourRecords);
  // Arrears items are read by the requests that need them; the process numbers new ones after the highest.
  const [top] = await sql.select({ id: q<number | null>`max(${arrearsItems.id})` }).from(arrearsItems);
  db.seq.arrears = Number(top?.id ?? 0);
}
setMemoryLoader(loadCardTables);

interface Changed {
  cards: Map<number, StudentCard>;
  orders: Map<number, CardOrder>;
  records: Map<number, HourRecord>;
  arrears: Map<number, ArrearsItem>;
  /** Open arrears items an undo removed. */
  dropped: Set<number>;
}
const changedBy = new WeakMap<object, Changed>();

function changed(): Changed | undefined {
  // The in-process seed's rows are written whole by `seedCardTables`; code outside a request (a test calling a rule
  // directly) writes nothing.
  if (isSeeding()) return undefined;
  const key = requestKey();
  if (!key) return undefined;
  let c = changedBy.get(key);
  if (!c) {
    const rows: Changed = { cards: new Map(), orders: new Map(), records: new Map(), arrears: new Map(), dropped: new Set() };
    c = rows;
    changedBy.set(key, c);
    void beforeCommit(() => {
      // A change after this point queues a write of its own.
      changedBy.delete(key);
      return writeChanged(rows);
    });
  }
  return c;
}

/** Writes the rows a request created or changed, as they are now, keys first (cards, orders, records, arrears). */
async function writeChanged(c: Changed): Promise<void> {
  const t = await tx();
  await upsertMany(t, studentCards, [...c.cards.values()].map(cardValues));
  await upsertMany(t, cardOrders, [...c.orders.values()].map(orderValues));
  await upsertMany(t, hourRecords, [...c.records.values()].map(recordValues));
  await upsertMany(t, arrearsItems, [...c.arrears.values()].map(arrearsValues));
  if (c.dropped.size) await t.delete(arrearsItems).where(inArray(arrearsItems.id, [...c.dropped]));
}

/** A card the request created or changed (written before the commit). */
export function saveCard(card: StudentCard): void {
  changed()?.cards.set(card.id, card);
}

export function saveOrder(order: CardOrder): void {
  changed()?.orders.set(order.id, order);
}

export function saveRecord(record: HourRecord): void {
  changed()?.records.set(record.id, record);
}

export function saveArrears(item: ArrearsItem): void {
  changed()?.arrears.set(item.id, item);
}

/** An open arrears item the undo of its roll call removed (deleted before the commit). */
export function dropArrears(item: ArrearsItem): void {
  const c = changed();
  if (!c) return;
  c.arrears.delete(item.id);
  c.dropped.add(item.id);
}

const countOf = async (where: ReturnType<typeof and>) => {
  const [r] = await (await tx()).select({ n: q<number>`count(*)::int` }).from(studentCards).where(where);
  return Number(r?.n ?? 0);
};

/** How many cards a student holds (a student with cards is not deleted). */
export function cardCountOfStudent(companyId: number, studentId: number): Promise<number> {
  return countOf(and(eq(studentCards.companyId, companyId), eq(studentCards.studentId, studentId)));
}

/** How many cards a staff member sold (a seller is not deleted). */
export function cardCountSoldBy(companyId: number, staffId: number): Promise<number> {
  return countOf(and(eq(studentCards.companyId, companyId), eq(studentCards.sellerId, staffId)));
}

/** The company's return requests waiting for a review (the inbox summary's count). */
export async function pendingReturnCount(companyId: number): Promise<number> {
  const [r] = await (await tx())
    .select({ n: q<number>`count(*)::int` })
    .from(hourRecords)
    .where(and(eq(hourRecords.companyId, companyId), eq(hourRecords.type, 'backing'), isNull(hourRecords.reviewedAt)));
  return Number(r?.n ?? 0);
}
