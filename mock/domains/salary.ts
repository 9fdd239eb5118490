/**
 * Salary calls (docs/rules.md#salaries, docs/screens.md#finance): plans, the month's sheet (generate / recalculate drafts, ChangeWage,
 * bonus and penalties, CheckSalary / CheckAmount, DeleteSalary, pay), line detail with the commission records, and
 * pay slips. Rules: src/domain/salary.ts. Dealer and manager see everything; teachers and sales only their own lines
 * and slips (the policies' rows: another person's line is 404).
 */
import { asSeed, type Db, type SqlSeeder } from '../db';
import { api, definePolicy, type AuthedCtx, type Session } from '../http';
import { lessonsOf } from './lessonRows';
import { defineMessages } from '../messages';
import { nowStamp, today } from '../clock';
import type { Access } from '../../src/access';
import type { Staff } from '../../src/types/school';
import type { PaySlip, SalaryLine, SalaryLineSummary, SalaryPlan } from '../../src/types/finance';
import {
  ChangeWageBody,
  CheckAmountBody,
  SalaryAdjustBody,
  SalaryAdjustRemoveBody,
  SalaryCheckBody,
  SalaryGenerateBody,
  SalaryPayBody,
  SalaryPlanBody,
} from '../../src/types/finance.schemas';
import { cardCommission, elimCommission, isEditable, lineFigures, type ReturnInput, type SaleInput, type TaughtInput } from '../../src/domain/salary';
import { addMonths, monthRange, monthsEnding, sumMoney } from '../../src/domain/revenue';
import { staffOfSession } from './school';
import { staffById, staffOf, staffRowsOf, updateStaff } from './staffRows';
import { isMonthOver } from '../../src/domain/monthClose';
import { created } from './audit';
import { and, asc, eq, gt, ilike, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { restartIdentities, tx, type Database } from '../../server/db';
import { sqlList, contains, localDay, type SqlListSpec } from '../../server/db/list';
import { insertMany } from '../../server/db/bulk';
import { sortKey } from '../../server/db/sortKey';
import { stampDate, stampOf } from '../../server/db/time';
import { cardOrders, hourRecords, lessons, paySlips, salaryLines, salaryPlans, staff as staffTable, studentCards } from '../../server/db/schema';

defineMessages({
  'sal.line': { en: 'Salary line', zh: '工资条目' },
  'sal.slip': { en: 'Pay slip', zh: '工资单' },
  'sal.plan': { en: 'Salary plan', zh: '薪资方案' },
  'sal.staff': { en: 'Staff member', zh: '员工' },
  'sal.notDraft': { en: 'Only a draft line can be changed or deleted ({name}: {status}).', zh: '只有草稿状态可以修改或删除（{name}：{status}）。' },
  'sal.notChecked': { en: 'Only a checked line can be paid ({name}: {status}).', zh: '只有已核对的工资可以发放（{name}：{status}）。' },
  'sal.amountMoved': { en: 'The figures changed since you opened them (now {total}): reload and check again.', zh: '数据在您打开后已变化（现为 {total}），请刷新后重新核对。' },
  'sal.noPlan': { en: '{name} has no salary plan: add one on the base salary screen first.', zh: '{name} 还没有薪资方案，请先在基本工资页面添加。' },
  'sal.futureMonth': { en: 'Salaries cannot be generated for a future month.', zh: '不能生成未来月份的工资。' },
  'sal.tiers': { en: 'Tier bands must start at 0, follow each other without gaps and only the last may be open-ended.', zh: '阶梯区间须从 0 开始、首尾相接，只有最后一档可以不设上限。' },
  'sal.adjustment': { en: 'Bonus or penalty', zh: '奖惩' },
  'sal.monthNotOver': { en: 'Salaries of {month} can be checked and paid only once the month has ended.', zh: '{month} 的工资须在该月结束后才能核对和发放。' },
  'field.staffId': { en: 'Staff member', zh: '员工' },
  'field.baseSalary': { en: 'Base salary', zh: '基本工资' },
  'field.cardRate': { en: 'Card commission rate', zh: '售卡提成比例' },
  'field.elimMode': { en: 'Elimination commission', zh: '课消提成方式' },
  'field.elimAmount': { en: 'Amount per student-hour', zh: '每学员课时金额' },
  'field.elimRate': { en: 'Rate of the consumed value', zh: '课消金额比例' },
  'field.tiers': { en: 'Tiers', zh: '阶梯' },
  'field.tierMode': { en: 'Tier mode', zh: '阶梯方式' },
  'field.base': { en: 'Base salary', zh: '基本工资' },
  'field.kind': { en: 'Kind', zh: '类型' },
  'field.total': { en: 'Total', zh: '合计' },
  'field.ids': { en: 'Lines', zh: '工资条目' },
  'field.adjustmentId': { en: 'Bonus or penalty', zh: '奖惩' },
});

const manages = (a: Access) => a.financialManagement;
/** Own lines and slips: teachers and sales (not expired); everything: the finance flag. */
const readSalary = (a: Access) => a.financialManagement || ((a.isTeacher || a.isSales) && a.everyone);
const salaryWriter = (_a: Access, s: Session) => s.membership.role === 'dealer' || s.membership.role === 'manager';

function ownStaffId(db: Db, s: Session): number {
  return staffOfSession(db, s)?.id ?? -1;
}

/* ------------------------------------------------------------------ rows (server/db/schema/salary.ts) */

type PlanRow = typeof salaryPlans.$inferSelect;
type LineRow = typeof salaryLines.$inferSelect;
type SlipRow = typeof paySlips.$inferSelect;

function planOf(r: PlanRow): SalaryPlan {
  return { id: r.id, companyId: r.companyId, staffId: r.staffId, staffName: r.staffName, role: r.role, campusName: r.campusName, baseSalary: r.baseSalary, cardRate: r.cardRate, elimMode: r.elimMode, elimAmount: r.elimAmount, elimRate: r.elimRate, tiers: r.tiers, tierMode: r.tierMode, updatedAt: stampOf(r.updatedAt) };
}

function planValues(p: SalaryPlan): typeof salaryPlans.$inferInsert {
  const { updatedAt, ...rest } = p;
  return { ...rest, updatedAt: stampDate(updatedAt) };
}

function lineOf({ staffNameSort: _s, ...r }: LineRow): SalaryLine {
  const line: SalaryLine = {
    id: r.id,
    companyId: r.companyId,
    month: r.month,
    staffId: r.staffId,
    staffName: r.staffName,
    role: r.role,
    campusName: r.campusName,
    plan: r.plan,
    base: r.base,
    cardCommission: r.cardCommission,
    elimCommission: r.elimCommission,
    bonus: r.bonus,
    penalties: r.penalties,
    total: r.total,
    hours: r.hours,
    cardItems: r.cardItems,
    elimItems: r.elimItems,
    adjustments: r.adjustments,
    status: r.status,
    calculatedAt: stampOf(r.calculatedAt),
  };
  if (r.wageChange) line.wageChange = r.wageChange;
  if (r.checkedAt) line.checkedAt = stampOf(r.checkedAt);
  if (r.checkedBy !== null) line.checkedBy = r.checkedBy;
  if (r.paidAt) line.paidAt = stampOf(r.paidAt);
  if (r.slipId !== null) line.slipId = r.slipId;
  return line;
}

function lineValues(l: SalaryLine): typeof salaryLines.$inferInsert {
  return {
    ...l,
    staffNameSort: sortKey(l.staffName),
    wageChange: l.wageChange ?? null,
    calculatedAt: stampDate(l.calculatedAt),
    checkedAt: l.checkedAt ? stampDate(l.checkedAt) : null,
    checkedBy: l.checkedBy ?? null,
    paidAt: l.paidAt ? stampDate(l.paidAt) : null,
    slipId: l.slipId ?? null,
  };
}

function slipOfRow({ staffNameSort: _s, ...r }: SlipRow): PaySlip {
  return { ...r, paidAt: stampOf(r.paidAt) };
}

function slipValues(p: PaySlip): typeof paySlips.$inferInsert {
  return { ...p, staffNameSort: sortKey(p.staffName), paidAt: stampDate(p.paidAt) };
}

/** Writes a line's figures, items and status back to its row. */
async function saveLine(line: SalaryLine, t?: Database): Promise<void> {
  const { id: _id, companyId: _c, ...values } = lineValues(line);
  await (t ?? (await tx())).update(salaryLines).set(values).where(eq(salaryLines.id, line.id));
}

/** `n` new values of a sequence (ids known before the insert: a slip's number carries its id). */
async function nextIds(t: Database, sequence: string, n: number): Promise<number[]> {
  if (n <= 0) return [];
  const rows = await t.select({ id: sql<number>`nextval(${sequence}::regclass)`.mapWith(Number) }).from(sql`generate_series(1, ${n})`);
  return rows.map((r) => r.id);
}

const nextAdjustmentId = async (t: Database) => (await nextIds(t, 'salary_adjustment_id_seq', 1))[0];

/** Own rows (teachers and sales) unless the caller has the finance flag. */
function ownRows(table: typeof salaryLines | typeof paySlips, s: Session, db: Db): SQL | undefined {
  return and(eq(table.companyId, s.company.id), s.access.financialManagement ? undefined : eq(table.staffId, ownStaffId(db, s)));
}

export const salaryPlanPolicy = definePolicy<SalaryPlan>({
  name: 'salaryPlan',
  read: manages,
  write: salaryWriter,
  where: (s) => eq(salaryPlans.companyId, s.company.id),
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(salaryPlans).where(and(eq(salaryPlans.id, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && planOf(r);
  },
});

export const salaryLinePolicy = definePolicy<SalaryLine>({
  name: 'salaryLine',
  read: readSalary,
  write: [manages, salaryWriter],
  where: (s, db) => ownRows(salaryLines, s, db),
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(salaryLines).where(and(eq(salaryLines.id, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && lineOf(r);
  },
});

export const paySlipPolicy = definePolicy<PaySlip>({
  name: 'paySlip',
  read: readSalary,
  write: [manages, salaryWriter],
  where: (s, db) => ownRows(paySlips, s, db),
  find: async (id, scope) => {
    const [r] = await (await tx()).select().from(paySlips).where(and(eq(paySlips.id, id), scope));
    return r && slipOfRow(r);
  },
});

/** The company's paid slips with a positive total, oldest first: the journal's salary expenses (./finance.ts). */
export async function paidSlips(companyId: number): Promise<PaySlip[]> {
  const rows = await (await tx()).select().from(paySlips).where(and(eq(paySlips.companyId, companyId), gt(paySlips.total, 0))).orderBy(asc(paySlips.id));
  return rows.map(slipOfRow);
}

/** Slips within a scope whose number contains `no` (the jump search, ./search.ts). */
export async function slipsNumbered(scope: SQL | undefined, no: string, limit: number): Promise<PaySlip[]> {
  const rows = await (await tx()).select().from(paySlips).where(and(scope, ilike(paySlips.slipNo, contains(no)))).orderBy(asc(paySlips.id)).limit(limit);
  return rows.map(slipOfRow);
}

/* ------------------------------------------------------------------ calculation */

/** The month's sources, indexed by staff: sales, clawbacks, consumed records of lessons taught. */
interface MonthSources {
  sales: Map<number, SaleInput[]>;
  returns: Map<number, ReturnInput[]>;
  taught: Map<number, TaughtInput[]>;
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V) {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/**
 * A month's commission sources from the tables: the month's card orders by seller, the returns approved in it by the
 * returned card's seller, and the lesson consumption by teacher (the lesson's, or for the seed's history without a
 * lesson the operator of a roll call). `monthSources` is the same rule over the seed's rows (the seed calculates its
 * lines before any request); a test holds them equal.
 */
export async function monthSourcesOf(companyId: number, month: string): Promise<MonthSources> {
  const { start, end } = monthRange(month);
  const from = localDay(start);
  const until = localDay(end);
  until.setDate(until.getDate() + 1);
  const within = (at: SQL | AnyColumn) => sql`(${at} >= ${from.toISOString()}::timestamptz and ${at} < ${until.toISOString()}::timestamptz)`;
  const t = await tx();
  const sales = new Map<number, SaleInput[]>();
  const returns = new Map<number, ReturnInput[]>();
  const taught = new Map<number, TaughtInput[]>();
  const orders = await t
    .select({ id: cardOrders.id, sellerId: cardOrders.sellerId, orderNo: cardOrders.orderNo, amount: cardOrders.amount, createdAt: cardOrders.createdAt, studentName: cardOrders.studentName })
    .from(cardOrders)
    .where(and(eq(cardOrders.companyId, companyId), within(cardOrders.createdAt)))
    .orderBy(asc(cardOrders.id));
  for (const { sellerId, createdAt, ...o } of orders) push(sales, sellerId, { ...o, createdAt: stampOf(createdAt) });
  const r = hourRecords;
  const backs = await t
    .select({ id: r.id, sellerId: studentCards.sellerId, cardNo: r.cardNo, amount: r.amount, reviewedAt: r.reviewedAt, createdAt: r.createdAt, studentName: r.studentName })
    .from(r)
    .innerJoin(studentCards, eq(studentCards.id, r.cardId))
    .where(and(eq(r.companyId, companyId), eq(r.type, 'back'), within(sql`coalesce(${r.reviewedAt}, ${r.createdAt})`), ne(r.amount, 0)))
    .orderBy(asc(r.id));
  for (const { sellerId, reviewedAt, createdAt, ...x } of backs) push(returns, sellerId, { ...x, createdAt: stampOf(createdAt), ...(reviewedAt ? { reviewedAt: stampOf(reviewedAt) } : {}) });
  const rollCall = sql`${r.type} in ('reduce', 'truant', 'leave')`;
  // A lesson's teacher; records of the seed's history (no lesson) were made by the teacher who taught.
  const teacher = sql<number | null>`(case when ${r.lessonId} is not null then ${lessons.teacherId} when ${rollCall} then ${r.operatorId} end)`;
  const consumed = await t
    .select({ id: r.id, teacher, cardNo: r.cardNo, hours: r.hours, amount: r.amount, createdAt: r.createdAt, studentName: r.studentName, lessonId: r.lessonId })
    .from(r)
    .leftJoin(lessons, and(eq(lessons.id, r.lessonId), eq(lessons.companyId, companyId)))
    .where(and(eq(r.companyId, companyId), within(r.createdAt), ne(r.hours, 0), sql`((${rollCall} and ${r.hours} < 0) or (${r.type} = 'proof' and ${r.lessonId} is not null))`))
    .orderBy(asc(r.id));
  for (const { teacher: who, createdAt, lessonId, ...x } of consumed) {
    if (who === null) continue;
    push(taught, who, { ...x, createdAt: stampOf(createdAt), ...(lessonId !== null ? { lessonId } : {}) });
  }
  return { sales, returns, taught };
}

export function monthSources(db: Db, companyId: number, month: string): MonthSources {
  const { start, end } = monthRange(month);
  const inMonth = (s: string | undefined) => !!s && s.slice(0, 10) >= start && s.slice(0, 10) <= end;
  const sales = new Map<number, SaleInput[]>();
  const returns = new Map<number, ReturnInput[]>();
  const taught = new Map<number, TaughtInput[]>();
  for (const o of db.cardOrders) if (o.companyId === companyId && inMonth(o.createdAt)) push(sales, o.sellerId, o);
  const cards = new Map(db.studentCards.filter((c) => c.companyId === companyId).map((c) => [c.id, c]));
  const lessonTeacher = new Map<number, number>();
  for (const l of lessonsOf(db, companyId)) lessonTeacher.set(l.id, l.teacherId);
  for (const r of db.hourRecords) {
    if (r.companyId !== companyId) continue;
    if (r.type === 'back' && inMonth(r.reviewedAt ?? r.createdAt)) {
      const seller = cards.get(r.cardId)?.sellerId;
      if (seller !== undefined && r.amount !== 0) push(returns, seller, r);
      continue;
    }
    if (!inMonth(r.createdAt) || r.hours === 0) continue;
    const rollCall = r.type === 'reduce' || r.type === 'truant' || r.type === 'leave';
    // A lesson's teacher; records of the seed's history (no lesson) were made by the teacher who taught.
    const teacher = r.lessonId !== undefined ? lessonTeacher.get(r.lessonId) : rollCall ? r.operatorId : undefined;
    if (teacher === undefined) continue;
    if ((rollCall && r.hours < 0) || (r.type === 'proof' && r.lessonId !== undefined)) push(taught, teacher, r);
  }
  return { sales, returns, taught };
}

function planTerms(p: SalaryPlan): SalaryLine['plan'] {
  return { staffId: p.staffId, baseSalary: p.baseSalary, cardRate: p.cardRate, elimMode: p.elimMode, elimAmount: p.elimAmount, elimRate: p.elimRate, tiers: p.tiers.map((t) => ({ ...t })), tierMode: p.tierMode };
}

/** (Re)calculates a line from its plan terms, the month's sources, ChangeWage and the bonus/penalties. */
function calculate(line: SalaryLine, src: MonthSources) {
  const card = cardCommission(src.sales.get(line.staffId) ?? [], src.returns.get(line.staffId) ?? [], line.plan.cardRate);
  const elim = elimCommission(src.taught.get(line.staffId) ?? [], line.plan);
  const base = line.wageChange ? line.wageChange.to : line.plan.baseSalary;
  const f = lineFigures(base, card.exact, elim.exact, line.adjustments);
  // Items follow the rounded figures (their shares add up to them).
  line.cardItems = card.items;
  line.elimItems = elim.items;
  Object.assign(line, f);
  if (f.cardCommission !== card.figure) line.cardItems = reshare(card.items, f.cardCommission);
  if (f.elimCommission !== elim.figure) line.elimItems = reshare(elim.items, f.elimCommission);
  line.hours = Math.round(elim.items.reduce((s, i) => s + (i.hours ?? 0), 0) * 10) / 10;
  line.calculatedAt = nowStamp();
}

/** Moves a cent of difference onto the largest item so the items still add up to the figure. */
function reshare<T extends { amount: number }>(items: T[], figure: number): T[] {
  if (!items.length) return items;
  const diff = Math.round(figure * 100) - items.reduce((s, i) => s + Math.round(i.amount * 100), 0);
  const k = items.reduce((best, it, i) => (Math.abs(it.amount) > Math.abs(items[best].amount) ? i : best), 0);
  return items.map((it, i) => (i === k ? { ...it, amount: (Math.round(it.amount * 100) + diff) / 100 } : it));
}

/** A new draft line (its id comes with the insert). */
function newLine(staff: Staff, plan: SalaryPlan, month: string): SalaryLine {
  return {
    id: 0,
    companyId: staff.companyId,
    month,
    staffId: staff.id,
    staffName: staff.name,
    role: staff.role,
    campusName: staff.campusName,
    plan: planTerms(plan),
    base: 0,
    cardCommission: 0,
    elimCommission: 0,
    bonus: 0,
    penalties: 0,
    total: 0,
    hours: 0,
    cardItems: [],
    elimItems: [],
    adjustments: [],
    status: 'draft',
    calculatedAt: nowStamp(),
  };
}

async function insertLines(t: Database, lines: SalaryLine[]): Promise<void> {
  if (!lines.length) return;
  const rows = await t
    .insert(salaryLines)
    .values(lines.map(({ id: _id, ...l }) => lineValues({ ...l, id: 0 })).map(({ id: _id, ...v }) => v))
    .returning({ id: salaryLines.id });
  rows.forEach((r, i) => {
    lines[i].id = r.id;
  });
}

/** Generates the month: creates missing drafts, recalculates drafts with the current plans; checked and paid lines are untouched. */
export async function generateMonth(t: Database, db: Db, companyId: number, month: string): Promise<{ created: number; recalculated: number; frozen: number }> {
  const src = await monthSourcesOf(companyId, month);
  const res = { created: 0, recalculated: 0, frozen: 0 };
  const plans = new Map((await t.select().from(salaryPlans).where(eq(salaryPlans.companyId, companyId))).map((r) => [r.staffId, planOf(r)]));
  // The month's lines, locked: two generations of one month wait for each other (one line per staff and month).
  const existing = new Map(
    (await t.select().from(salaryLines).where(and(eq(salaryLines.companyId, companyId), eq(salaryLines.month, month))).orderBy(asc(salaryLines.id)).for('update')).map((r) => [r.staffId, lineOf(r)]),
  );
  const added: SalaryLine[] = [];
  for (const staff of staffRowsOf(db, companyId).filter((s) => s.status === 'active')) {
    const plan = plans.get(staff.id);
    if (!plan) continue;
    const line = existing.get(staff.id);
    if (line && !isEditable(line.status)) {
      res.frozen += 1;
      continue;
    }
    if (line) {
      line.plan = planTerms(plan);
      calculate(line, src);
      await saveLine(line, t);
      res.recalculated += 1;
    } else {
      const fresh = newLine(staff, plan, month);
      calculate(fresh, src);
      added.push(fresh);
      res.created += 1;
    }
  }
  await insertLines(t, added);
  return res;
}

/** Recalculates a line from its month's sources (the lessons read for the teaching lines). */
async function recalc(line: SalaryLine) {
  calculate(line, await monthSourcesOf(line.companyId, line.month));
}

function slipOf(db: Db, id: number, line: SalaryLine, account: PaySlip['account'], at: string, by: string, staff = staffById(db, line.staffId)): PaySlip {
  return {
    id,
    companyId: line.companyId,
    slipNo: `PS${line.month.replace('-', '')}${String(id).padStart(5, '0')}`,
    lineId: line.id,
    month: line.month,
    staffId: line.staffId,
    staffName: line.staffName,
    role: line.role,
    campusId: staff?.campusId ?? 0,
    campusName: line.campusName,
    lines: [
      { key: 'base', amount: line.base, detail: line.wageChange?.reason },
      // Every line carries its reason (issue 30): the sales and clawbacks behind the card commission, the reasons of
      // the bonuses and penalties; the slip opens to the line's records (/finance/salary/view-salary).
      { key: 'cardCommission', amount: line.cardCommission, sales: sumMoney(line.cardItems.filter((i) => i.kind === 'card').map((i) => i.amount)), clawbacks: sumMoney(line.cardItems.filter((i) => i.kind === 'clawback').map((i) => i.amount)) },
      { key: 'elimCommission', amount: line.elimCommission, hours: line.hours },
      { key: 'bonus', amount: line.bonus, reasons: line.adjustments.filter((a) => a.kind === 'bonus').map((a) => a.reason) },
      { key: 'penalties', amount: -line.penalties || 0, reasons: line.adjustments.filter((a) => a.kind === 'penalty').map((a) => a.reason) },
    ],
    total: line.total,
    account,
    paidAt: at,
    paidBy: by,
  };
}

/** Pays checked lines: a slip each (its number carries its id), the lines marked paid. */
async function payLines(t: Database, db: Db, lines: SalaryLine[], account: PaySlip['account'], at: string, by: string): Promise<PaySlip[]> {
  const ids = await nextIds(t, "pay_slips_id_seq", lines.length);
  const slips = lines.map((l, i) => slipOf(db, ids[i], l, account, at, by));
  if (slips.length) await t.insert(paySlips).values(slips.map(slipValues));
  for (const [i, l] of lines.entries()) {
    Object.assign(l, { status: 'paid', paidAt: at, slipId: slips[i].id });
    await saveLine(l, t);
  }
  return slips;
}

const summary = ({ cardItems: _c, elimItems: _e, ...rest }: SalaryLine): SalaryLineSummary => rest;

/* ------------------------------------------------------------------ seed */

const BASES: Record<string, number> = { dealer: 12000, manager: 9000, teacher: 5000, sales: 4200 };

/**
 * The demo salaries (docs/rules.md#demo-data-and-modes), after the in-process seed they are calculated from: a plan
 * for every staff member of the demo companies; at Starlight Dance six past months paid, last month checked, this
 * month in draft.
 */
export const seedSalaries: SqlSeeder = async (t, db) => {
  const now = today();
  const current = now.slice(0, 7);
  // Calculated here with their own ids, then written at once (a seed runs at every test reset).
  const ids = { plan: 0, line: 0, slip: 0, adjustment: 0 };
  const plans: SalaryPlan[] = [];
  const lines: SalaryLine[] = [];
  const slips: PaySlip[] = [];
  for (const company of db.seedCompanies.filter((c) => !c.platform)) {
    const staff = db.seedStaff.filter((s) => s.companyId === company.id);
    const byStaff = new Map<number, SalaryPlan>();
    staff.forEach((s, i) => {
      const teacher = s.role === 'teacher';
      const tiered = teacher && i % 3 === 0;
      const plan: SalaryPlan = {
        id: (ids.plan += 1),
        companyId: company.id,
        staffId: s.id,
        staffName: s.name,
        role: s.role,
        campusName: s.campusName,
        baseSalary: (BASES[s.role] ?? 4000) + (i % 4) * 300,
        cardRate: s.role === 'sales' ? 5 : s.role === 'teacher' ? 0 : 2,
        elimMode: teacher && i % 3 === 1 ? 'rate' : 'perHour',
        elimAmount: teacher ? 40 + (i % 3) * 5 : 0,
        elimRate: teacher && i % 3 === 1 ? 12 : 0,
        tiers: tiered ? [{ from: 0, to: 20, amount: 30 }, { from: 20, to: 50, amount: 50 }, { from: 50, amount: 60 }] : [],
        tierMode: i % 2 ? 'whole' : 'marginal',
        updatedAt: `${addMonthsDay(now, -8)} 10:00:00`,
      };
      plans.push(plan);
      byStaff.set(s.id, plan);
      // The staff list names each one's plan (the staff rows are still in the process).
      s.salaryPlanId = plan.id;
    });
    if (company.id !== 2) continue;
    // Six past months paid, last month checked, this month in draft: each month as its generation makes it.
    const months = monthsEnding(current, 8);
    const manager = staff.find((s) => s.role === 'manager') ?? staff[0];
    months.forEach((m, k) => {
      // The seed's lessons (the table is written by then, but no request has read it).
      const src = asSeed(() => monthSources(db, company.id, m));
      const month = staff
        .filter((s) => s.status === 'active' && byStaff.has(s.id))
        .map((s) => ({ ...newLine(s, byStaff.get(s.id)!, m), id: (ids.line += 1) }));
      month.forEach((l, j) => {
        if (j % 5 === 0) {
          l.adjustments.push({ id: (ids.adjustment += 1), kind: 'bonus', amount: 200 + (j % 3) * 100, reason: j % 2 ? 'Full attendance 全勤奖' : 'Student showcase 汇演奖励', createdAt: `${monthRange(m).end} 18:00:00`, operatorName: manager.name });
        }
        if (j % 9 === 4) {
          l.adjustments.push({ id: (ids.adjustment += 1), kind: 'penalty', amount: 50, reason: 'Late for class 迟到', createdAt: `${monthRange(m).end} 18:00:00`, operatorName: manager.name });
        }
        calculate(l, src);
        if (k < months.length - 1) Object.assign(l, { status: 'checked', checkedAt: `${monthRange(addMonths(m, 1)).start.slice(0, 8)}03 10:00:00`, checkedBy: manager.name });
        if (k < months.length - 2) {
          const paidAt = `${monthRange(addMonths(m, 1)).start.slice(0, 8)}05 10:00:00`;
          const slip = slipOf(db, (ids.slip += 1), l, 'bank', paidAt, manager.name, staff.find((s) => s.id === l.staffId));
          slips.push(slip);
          Object.assign(l, { status: 'paid', paidAt, slipId: slip.id });
        }
      });
      lines.push(...month);
    });
  }
  await insertMany(t, salaryPlans, plans.map(planValues));
  // The staff list names each one's plan (the staff are written before, without it).
  await t.update(staffTable).set({ salaryPlanId: sql`(select p.id from ${salaryPlans} as p where p.staff_id = ${staffTable.id} and p.company_id = ${staffTable.companyId})` });
  await insertMany(t, salaryLines, lines.map(lineValues));
  await insertMany(t, paySlips, slips.map(slipValues));
  await restartIdentities(t, ['salary_plans', 'salary_lines', 'pay_slips']);
  await t.execute(sql`select setval('salary_adjustment_id_seq', ${ids.adjustment + 1}, false)`);
};

function addMonthsDay(day: string, n: number): string {
  return `${addMonths(day.slice(0, 7), n)}-01`;
}

/* ------------------------------------------------------------------ calls */

function staffName(line: SalaryLine) {
  return line.staffName;
}

/** Checking and paying wait for the end of the line's month (src/domain/monthClose.ts). */
function mustBeOver(ctx: AuthedCtx, line: SalaryLine) {
  if (!isMonthOver(line.month, today())) throw ctx.bad('sal.monthNotOver', { month: line.month });
}

function mustBeDraft(ctx: AuthedCtx, line: SalaryLine) {
  if (!isEditable(line.status)) throw ctx.bad('sal.notDraft', { name: staffName(line), status: ctx.t(`sal.status.${line.status}`) });
}

defineMessages({
  'sal.status.draft': { en: 'draft', zh: '草稿' },
  'sal.status.checked': { en: 'checked', zh: '已核对' },
  'sal.status.paid': { en: 'paid', zh: '已发放' },
});

function validTiers(tiers: { from: number; to?: number | null }[]): boolean {
  if (!tiers.length) return true;
  const sorted = [...tiers].sort((a, b) => a.from - b.from);
  if (sorted[0].from !== 0) return false;
  return sorted.every((t, i) => {
    const last = i === sorted.length - 1;
    if (t.to === undefined || t.to === null) return last;
    return t.to > t.from && (last || sorted[i + 1].from === t.to);
  });
}

const LINE_LIST: SqlListSpec = {
  keyword: [salaryLines.staffName],
  equal: { month: salaryLines.month, status: salaryLines.status, role: salaryLines.role, staffId: salaryLines.staffId },
  sortable: {
    staffName: sql`${salaryLines.staffNameSort} collate "C"`,
    total: salaryLines.total,
    base: salaryLines.base,
    cardCommission: salaryLines.cardCommission,
    elimCommission: salaryLines.elimCommission,
    month: salaryLines.month,
  },
  defaultSort: { field: 'id', order: 'ascend', by: salaryLines.id },
  tiebreak: [asc(salaryLines.id)],
};

const SLIP_LIST: SqlListSpec = {
  keyword: [paySlips.staffName, paySlips.slipNo],
  equal: { month: paySlips.month, staffId: paySlips.staffId, role: paySlips.role },
  sortable: { paidAt: paySlips.paidAt, total: paySlips.total, staffName: sql`${paySlips.staffNameSort} collate "C"`, month: paySlips.month },
  defaultSort: { field: 'paidAt', order: 'descend' },
  tiebreak: [asc(paySlips.id)],
};

/** Lines of a write by id, each within the caller's scope (404 naming the line), locked. */
async function linesOf(ctx: AuthedCtx, ids: number[]): Promise<SalaryLine[]> {
  const out: SalaryLine[] = [];
  for (const id of ids) out.push(await ctx.find(salaryLinePolicy, id, 'sal.line'));
  return out;
}

export const salaryHandlers = [
  /* plans */
  // The company's staff (server/db/schema/staff.ts), each with their plan if any.
  api('get', '/v2/salary_plan', { read: salaryPlanPolicy }, async (ctx) => {
    const t = await tx();
    const scope = ctx.scope(salaryPlanPolicy);
    const hasPlan = sql`exists (select 1 from ${salaryPlans} where ${salaryPlans.staffId} = ${staffTable.id} and ${scope})`;
    const page = await sqlList(t, staffTable, eq(staffTable.companyId, ctx.session.company.id), ctx.query, {
      keyword: [staffTable.name],
      equal: { role: staffTable.role, status: staffTable.status },
      filters: { hasPlan: (v) => (v === 'true' ? hasPlan : v === 'false' ? sql`not ${hasPlan}` : sql`false`) },
      sortable: { staffName: staffTable.nameSort, role: staffTable.role },
      defaultSort: { field: 'staffId', order: 'ascend', by: staffTable.id },
      tiebreak: [asc(staffTable.id)],
    }, ctx.lang);
    const ids = page.list.map((r) => r.id);
    const plans = new Map(ids.length ? (await t.select().from(salaryPlans).where(and(scope, inArray(salaryPlans.staffId, ids)))).map((r) => [r.staffId, planOf(r)]) : []);
    const list = page.list.map((r) => staffOf(ctx.db, r)).map((s) => ({ staffId: s.id, staffName: s.name, role: s.role, campusName: s.campusName, status: s.status, plan: plans.get(s.id) ?? null }));
    return { list, total: page.total };
  }),

  api('post', '/v2/salary_plan', { write: salaryPlanPolicy, body: SalaryPlanBody }, async (ctx) => {
    const b = ctx.body;
    const staff = staffRowsOf(ctx.db, ctx.session.company.id).find((s) => s.id === b.staffId);
    if (!staff) throw ctx.bad('common.notFound', { what: ctx.t('sal.staff') });
    if (!validTiers(b.tiers)) throw ctx.bad('sal.tiers');
    const tiers = [...b.tiers].sort((x, y) => x.from - y.from).map((x) => ({ from: x.from, to: x.to ?? undefined, amount: x.amount }));
    const t = await tx();
    const [had] = await t.select({ id: salaryPlans.id }).from(salaryPlans).where(and(ctx.scope(salaryPlanPolicy), eq(salaryPlans.staffId, staff.id)));
    // A plan change applies from the next generated month: checked and paid lines keep the terms they were calculated with.
    if (had) {
      const plan = await ctx.find(salaryPlanPolicy, had.id, 'sal.plan');
      Object.assign(plan, { ...b, tiers, updatedAt: nowStamp() });
      const { id: _id, companyId: _c, ...values } = planValues(plan);
      await t.update(salaryPlans).set(values).where(eq(salaryPlans.id, plan.id));
      return plan;
    }
    const fresh: SalaryPlan = { id: 0, companyId: staff.companyId, staffName: staff.name, role: staff.role, campusName: staff.campusName, ...b, tiers, updatedAt: nowStamp() };
    const { id: _id, ...values } = planValues(fresh);
    const [r] = await t.insert(salaryPlans).values(values).returning();
    const plan = planOf(r);
    await updateStaff(ctx.db, staff, { salaryPlanId: plan.id });
    return created(plan);
  }),

  /* the month's sheet */
  api('get', '/v2/salary', { read: salaryLinePolicy }, async (ctx) => {
    const t = await tx();
    const scope = ctx.scope(salaryLinePolicy);
    const page = await sqlList(t, salaryLines, scope, ctx.query, LINE_LIST, ctx.lang);
    // The total of the month and status chosen (whatever the other filters and the page).
    const [{ cents }] = await t
      .select({ cents: sql<number>`coalesce(sum(round(${salaryLines.total} * 100)), 0)`.mapWith(Number) })
      .from(salaryLines)
      .where(and(scope, ctx.query.month ? eq(salaryLines.month, ctx.query.month) : undefined, ctx.query.status ? eq(salaryLines.status, ctx.query.status as SalaryLine['status']) : undefined));
    return { list: page.list.map((r) => summary(lineOf(r))), total: page.total, totalAmount: cents / 100 };
  }),

  api<{ id: string }>('get', '/v2/salary/:id', { read: salaryLinePolicy }, (ctx) => ctx.find(salaryLinePolicy, Number(ctx.params.id), 'sal.line')),

  api('post', '/v2/salary/generate', { write: salaryLinePolicy, body: SalaryGenerateBody }, async (ctx) => {
    if (ctx.body.month > today().slice(0, 7)) throw ctx.bad('sal.futureMonth');
    return generateMonth(await tx(), ctx.db, ctx.session.company.id, ctx.body.month);
  }),

  api('post', '/v2/salary/wage', { write: salaryLinePolicy, body: ChangeWageBody }, async (ctx) => {
    const line = await ctx.find(salaryLinePolicy, ctx.body.id, 'sal.line');
    mustBeDraft(ctx, line);
    line.wageChange = { from: line.plan.baseSalary, to: ctx.body.base, reason: ctx.body.reason, at: nowStamp(), by: ctx.session.user.name };
    await recalc(line);
    await saveLine(line);
    return line;
  }),

  api('post', '/v2/salary/adjust', { write: salaryLinePolicy, body: SalaryAdjustBody }, async (ctx) => {
    const line = await ctx.find(salaryLinePolicy, ctx.body.id, 'sal.line');
    mustBeDraft(ctx, line);
    line.adjustments.push({ id: await nextAdjustmentId(await tx()), kind: ctx.body.kind, amount: ctx.body.amount, reason: ctx.body.reason, createdAt: nowStamp(), operatorName: ctx.session.user.name });
    await recalc(line);
    await saveLine(line);
    return line;
  }),

  api('post', '/v2/salary/adjust/remove', { write: salaryLinePolicy, body: SalaryAdjustRemoveBody }, async (ctx) => {
    const line = await ctx.find(salaryLinePolicy, ctx.body.id, 'sal.line');
    mustBeDraft(ctx, line);
    const k = line.adjustments.findIndex((a) => a.id === ctx.body.adjustmentId);
    if (k < 0) throw ctx.bad('common.notFound', { what: ctx.t('sal.adjustment') });
    line.adjustments.splice(k, 1);
    await recalc(line);
    await saveLine(line);
    return line;
  }),

  api('post', '/v2/salary/check', { write: salaryLinePolicy, body: SalaryCheckBody }, async (ctx) => {
    const lines = await linesOf(ctx, ctx.body.ids);
    lines.forEach((l) => mustBeDraft(ctx, l));
    lines.forEach((l) => mustBeOver(ctx, l));
    const at = nowStamp();
    for (const l of lines) {
      await recalc(l);
      Object.assign(l, { status: 'checked', checkedAt: at, checkedBy: ctx.session.user.name });
      await saveLine(l);
    }
    return { checked: lines.length };
  }),

  api('post', '/v2/salary/check_amount', { write: salaryLinePolicy, body: CheckAmountBody }, async (ctx) => {
    const line = await ctx.find(salaryLinePolicy, ctx.body.id, 'sal.line');
    mustBeDraft(ctx, line);
    mustBeOver(ctx, line);
    await recalc(line);
    // Nothing changes on a refusal (the request's transaction writes nothing; the reload shows these same figures).
    if (Math.round(line.total * 100) !== Math.round(ctx.body.total * 100)) throw ctx.bad('sal.amountMoved', { total: line.total.toFixed(2) });
    Object.assign(line, { status: 'checked', checkedAt: nowStamp(), checkedBy: ctx.session.user.name });
    await saveLine(line);
    return line;
  }),

  api<{ id: string }>('delete', '/v2/salary/:id', { write: salaryLinePolicy }, async (ctx) => {
    const line = await ctx.find(salaryLinePolicy, Number(ctx.params.id), 'sal.line');
    mustBeDraft(ctx, line);
    await (await tx()).delete(salaryLines).where(eq(salaryLines.id, line.id));
    return null;
  }),

  api('post', '/v2/salary/pay', { write: salaryLinePolicy, body: SalaryPayBody }, async (ctx) => {
    const lines = await linesOf(ctx, ctx.body.ids);
    for (const l of lines) if (l.status !== 'checked') throw ctx.bad('sal.notChecked', { name: l.staffName, status: ctx.t(`sal.status.${l.status}`) });
    lines.forEach((l) => mustBeOver(ctx, l));
    const slips = await payLines(await tx(), ctx.db, lines, ctx.body.account, nowStamp(), ctx.session.user.name);
    return { paid: slips.length, slipIds: slips.map((s) => s.id) };
  }),

  /* pay slips */
  api('get', '/v2/pay_slip', { read: paySlipPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), paySlips, ctx.scope(paySlipPolicy), ctx.query, SLIP_LIST, ctx.lang);
    return { list: page.list.map(slipOfRow), total: page.total };
  }),

  api<{ id: string }>('get', '/v2/pay_slip/:id', { read: paySlipPolicy }, (ctx) => ctx.find(paySlipPolicy, Number(ctx.params.id), 'sal.slip')),
];
