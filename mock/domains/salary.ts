/**
 * Salary calls (docs/rules.md#salaries, docs/screens.md#finance): plans, the month's sheet (generate / recalculate drafts, ChangeWage,
 * bonus and penalties, CheckSalary / CheckAmount, DeleteSalary, pay), line detail with the commission records, and
 * pay slips. Rules: src/domain/salary.ts. Dealer and manager see everything; teachers and sales only their own lines
 * and slips (the policies' rows: another person's line is 404).
 */
import type { Db } from '../db';
import { nextId } from '../db';
import { api, definePolicy, type AuthedCtx, type Session } from '../http';
import { defineMessages } from '../messages';
import { listQuery } from '../list';
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
import { isMonthOver } from '../../src/domain/monthClose';

declare module '../db' {
  interface Db {
    salaryPlans: SalaryPlan[];
    salaryLines: SalaryLine[];
  }
}

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

export const salaryPlanPolicy = definePolicy<SalaryPlan>({
  name: 'salaryPlan',
  read: manages,
  write: salaryWriter,
  rows: (db, s) => db.salaryPlans.filter((p) => p.companyId === s.company.id),
});

export const salaryLinePolicy = definePolicy<SalaryLine>({
  name: 'salaryLine',
  read: readSalary,
  write: [manages, salaryWriter],
  rows: (db, s) => db.salaryLines.filter((l) => l.companyId === s.company.id && (s.access.financialManagement || l.staffId === ownStaffId(db, s))),
});

export const paySlipPolicy = definePolicy<PaySlip>({
  name: 'paySlip',
  read: readSalary,
  write: [manages, salaryWriter],
  rows: (db, s) => db.paySlips.filter((p) => p.companyId === s.company.id && (s.access.financialManagement || p.staffId === ownStaffId(db, s))),
});

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

export function monthSources(db: Db, companyId: number, month: string): MonthSources {
  const { start, end } = monthRange(month);
  const inMonth = (s: string | undefined) => !!s && s.slice(0, 10) >= start && s.slice(0, 10) <= end;
  const sales = new Map<number, SaleInput[]>();
  const returns = new Map<number, ReturnInput[]>();
  const taught = new Map<number, TaughtInput[]>();
  for (const o of db.cardOrders) if (o.companyId === companyId && inMonth(o.createdAt)) push(sales, o.sellerId, o);
  const cards = new Map(db.studentCards.filter((c) => c.companyId === companyId).map((c) => [c.id, c]));
  const lessonTeacher = new Map<number, number>();
  for (const l of db.lessons ?? []) if (l.companyId === companyId) lessonTeacher.set(l.id, l.teacherId);
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

function newLine(db: Db, staff: Staff, plan: SalaryPlan, month: string): SalaryLine {
  return {
    id: nextId(db, 'salaryLines'),
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

/** Generates the month: creates missing drafts, recalculates drafts with the current plans; checked and paid lines are untouched. */
export function generateMonth(db: Db, companyId: number, month: string): { created: number; recalculated: number; frozen: number } {
  const src = monthSources(db, companyId, month);
  const res = { created: 0, recalculated: 0, frozen: 0 };
  for (const staff of db.staff.filter((s) => s.companyId === companyId && s.status === 'active')) {
    const plan = db.salaryPlans.find((p) => p.companyId === companyId && p.staffId === staff.id);
    if (!plan) continue;
    let line = db.salaryLines.find((l) => l.companyId === companyId && l.month === month && l.staffId === staff.id);
    if (line && !isEditable(line.status)) {
      res.frozen += 1;
      continue;
    }
    if (line) {
      line.plan = planTerms(plan);
      res.recalculated += 1;
    } else {
      line = newLine(db, staff, plan, month);
      db.salaryLines.push(line);
      res.created += 1;
    }
    calculate(line, src);
  }
  return res;
}

function recalc(db: Db, line: SalaryLine) {
  calculate(line, monthSources(db, line.companyId, line.month));
}

function slipOf(db: Db, line: SalaryLine, account: PaySlip['account'], at: string, by: string): PaySlip {
  const staff = db.staff.find((s) => s.id === line.staffId);
  const id = nextId(db, 'paySlips');
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

const summary = ({ cardItems: _c, elimItems: _e, ...rest }: SalaryLine): SalaryLineSummary => rest;

/* ------------------------------------------------------------------ seed */

const BASES: Record<string, number> = { dealer: 12000, manager: 9000, teacher: 5000, sales: 4200 };

export function seedSalary(db: Db) {
  db.salaryPlans = [];
  db.salaryLines = [];
  db.paySlips = [];
  const t = today();
  const current = t.slice(0, 7);
  for (const company of db.companies.filter((c) => !c.platform)) {
    const staff = db.staff.filter((s) => s.companyId === company.id);
    staff.forEach((s, i) => {
      const teacher = s.role === 'teacher';
      const tiered = teacher && i % 3 === 0;
      const plan: SalaryPlan = {
        id: nextId(db, 'salaryPlans'),
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
        updatedAt: `${addMonthsDay(t, -8)} 10:00:00`,
      };
      db.salaryPlans.push(plan);
      s.salaryPlanId = plan.id;
    });
    if (company.id !== 2) continue;
    // Six past months paid, last month checked, this month in draft (docs/rules.md#demo-data-and-modes).
    const months = monthsEnding(current, 8);
    const manager = staff.find((s) => s.role === 'manager') ?? staff[0];
    months.forEach((m, k) => {
      generateMonth(db, company.id, m);
      const lines = db.salaryLines.filter((l) => l.companyId === company.id && l.month === m);
      lines.forEach((l, j) => {
        if (j % 5 === 0) {
          l.adjustments.push({ id: nextId(db, 'salaryAdjustments'), kind: 'bonus', amount: 200 + (j % 3) * 100, reason: j % 2 ? 'Full attendance 全勤奖' : 'Student showcase 汇演奖励', createdAt: `${monthRange(m).end} 18:00:00`, operatorName: manager.name });
        }
        if (j % 9 === 4) {
          l.adjustments.push({ id: nextId(db, 'salaryAdjustments'), kind: 'penalty', amount: 50, reason: 'Late for class 迟到', createdAt: `${monthRange(m).end} 18:00:00`, operatorName: manager.name });
        }
        recalc(db, l);
      });
      if (k === months.length - 1) return;
      const checkedAt = `${monthRange(addMonths(m, 1)).start.slice(0, 8)}03 10:00:00`;
      lines.forEach((l) => {
        l.status = 'checked';
        l.checkedAt = checkedAt;
        l.checkedBy = manager.name;
      });
      if (k === months.length - 2) return;
      const paidAt = `${monthRange(addMonths(m, 1)).start.slice(0, 8)}05 10:00:00`;
      lines.forEach((l) => {
        const slip = slipOf(db, l, 'bank', paidAt, manager.name);
        db.paySlips.push(slip);
        l.status = 'paid';
        l.paidAt = paidAt;
        l.slipId = slip.id;
      });
    });
  }
}

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

export const salaryHandlers = [
  /* plans */
  api('get', '/v2/salary_plan', { read: salaryPlanPolicy }, (ctx) => {
    const plans = new Map(ctx.rows(salaryPlanPolicy).map((p) => [p.staffId, p]));
    const rows = ctx.db.staff
      .filter((s) => s.companyId === ctx.session.company.id)
      .map((s) => ({ staffId: s.id, staffName: s.name, role: s.role, campusName: s.campusName, status: s.status, plan: plans.get(s.id) ?? null }));
    return listQuery(rows, ctx.query, {
      keywordFields: ['staffName'],
      equalFields: ['role', 'status'],
      filters: { hasPlan: (r, v) => String(!!r.plan) === v },
      sortable: ['staffName', 'role'],
      defaultSort: { field: 'staffId', order: 'ascend' },
    }, ctx.lang);
  }),

  api('post', '/v2/salary_plan', { write: salaryPlanPolicy, body: SalaryPlanBody }, (ctx) => {
    const b = ctx.body;
    const staff = ctx.db.staff.find((s) => s.id === b.staffId && s.companyId === ctx.session.company.id);
    if (!staff) throw ctx.bad('common.notFound', { what: ctx.t('sal.staff') });
    if (!validTiers(b.tiers)) throw ctx.bad('sal.tiers');
    const tiers = [...b.tiers].sort((x, y) => x.from - y.from).map((x) => ({ from: x.from, to: x.to ?? undefined, amount: x.amount }));
    let plan = ctx.db.salaryPlans.find((p) => p.companyId === staff.companyId && p.staffId === staff.id);
    // A plan change applies from the next generated month: checked and paid lines keep the terms they were calculated with.
    if (plan) Object.assign(plan, { ...b, tiers, updatedAt: nowStamp() });
    else {
      plan = { id: nextId(ctx.db, 'salaryPlans'), companyId: staff.companyId, staffName: staff.name, role: staff.role, campusName: staff.campusName, ...b, tiers, updatedAt: nowStamp() };
      ctx.db.salaryPlans.push(plan);
      staff.salaryPlanId = plan.id;
    }
    return plan;
  }),

  /* the month's sheet */
  api('get', '/v2/salary', { read: salaryLinePolicy }, (ctx) => {
    const rows = ctx.rows(salaryLinePolicy).map(summary);
    const res = listQuery(rows, ctx.query, {
      keywordFields: ['staffName'],
      equalFields: ['month', 'status', 'role', 'staffId'],
      sortable: ['staffName', 'total', 'base', 'cardCommission', 'elimCommission', 'month'],
      defaultSort: { field: 'id', order: 'ascend' },
    }, ctx.lang);
    const all = rows.filter((r) => (!ctx.query.month || r.month === ctx.query.month) && (!ctx.query.status || r.status === ctx.query.status));
    return { ...res, totalAmount: Math.round(all.reduce((s, r) => s + r.total * 100, 0)) / 100 };
  }),

  api<{ id: string }>('get', '/v2/salary/:id', { read: salaryLinePolicy }, (ctx) => ctx.target(salaryLinePolicy, Number(ctx.params.id), 'sal.line')),

  api('post', '/v2/salary/generate', { write: salaryLinePolicy, body: SalaryGenerateBody }, (ctx) => {
    if (ctx.body.month > today().slice(0, 7)) throw ctx.bad('sal.futureMonth');
    return generateMonth(ctx.db, ctx.session.company.id, ctx.body.month);
  }),

  api('post', '/v2/salary/wage', { write: salaryLinePolicy, body: ChangeWageBody }, (ctx) => {
    const line = ctx.target(salaryLinePolicy, ctx.body.id, 'sal.line');
    mustBeDraft(ctx, line);
    line.wageChange = { from: line.plan.baseSalary, to: ctx.body.base, reason: ctx.body.reason, at: nowStamp(), by: ctx.session.user.name };
    recalc(ctx.db, line);
    return line;
  }),

  api('post', '/v2/salary/adjust', { write: salaryLinePolicy, body: SalaryAdjustBody }, (ctx) => {
    const line = ctx.target(salaryLinePolicy, ctx.body.id, 'sal.line');
    mustBeDraft(ctx, line);
    line.adjustments.push({ id: nextId(ctx.db, 'salaryAdjustments'), kind: ctx.body.kind, amount: ctx.body.amount, reason: ctx.body.reason, createdAt: nowStamp(), operatorName: ctx.session.user.name });
    recalc(ctx.db, line);
    return line;
  }),

  api('post', '/v2/salary/adjust/remove', { write: salaryLinePolicy, body: SalaryAdjustRemoveBody }, (ctx) => {
    const line = ctx.target(salaryLinePolicy, ctx.body.id, 'sal.line');
    mustBeDraft(ctx, line);
    const k = line.adjustments.findIndex((a) => a.id === ctx.body.adjustmentId);
    if (k < 0) throw ctx.bad('common.notFound', { what: ctx.t('sal.adjustment') });
    line.adjustments.splice(k, 1);
    recalc(ctx.db, line);
    return line;
  }),

  api('post', '/v2/salary/check', { write: salaryLinePolicy, body: SalaryCheckBody }, (ctx) => {
    const lines = ctx.body.ids.map((id) => ctx.target(salaryLinePolicy, id, 'sal.line'));
    lines.forEach((l) => mustBeDraft(ctx, l));
    lines.forEach((l) => mustBeOver(ctx, l));
    const at = nowStamp();
    for (const l of lines) {
      recalc(ctx.db, l);
      Object.assign(l, { status: 'checked', checkedAt: at, checkedBy: ctx.session.user.name });
    }
    return { checked: lines.length };
  }),

  api('post', '/v2/salary/check_amount', { write: salaryLinePolicy, body: CheckAmountBody }, (ctx) => {
    const line = ctx.target(salaryLinePolicy, ctx.body.id, 'sal.line');
    mustBeDraft(ctx, line);
    mustBeOver(ctx, line);
    const before = JSON.stringify(line);
    recalc(ctx.db, line);
    if (Math.round(line.total * 100) !== Math.round(ctx.body.total * 100)) {
      // Nothing changes on a refusal (the recalculated figures are the same ones the reload will show).
      Object.assign(line, JSON.parse(before));
      throw ctx.bad('sal.amountMoved', { total: line.total.toFixed(2) });
    }
    Object.assign(line, { status: 'checked', checkedAt: nowStamp(), checkedBy: ctx.session.user.name });
    return line;
  }),

  api<{ id: string }>('delete', '/v2/salary/:id', { write: salaryLinePolicy }, (ctx) => {
    const line = ctx.target(salaryLinePolicy, Number(ctx.params.id), 'sal.line');
    mustBeDraft(ctx, line);
    ctx.db.salaryLines.splice(ctx.db.salaryLines.indexOf(line), 1);
    return null;
  }),

  api('post', '/v2/salary/pay', { write: salaryLinePolicy, body: SalaryPayBody }, (ctx) => {
    const lines = ctx.body.ids.map((id) => ctx.target(salaryLinePolicy, id, 'sal.line'));
    for (const l of lines) if (l.status !== 'checked') throw ctx.bad('sal.notChecked', { name: l.staffName, status: ctx.t(`sal.status.${l.status}`) });
    lines.forEach((l) => mustBeOver(ctx, l));
    const at = nowStamp();
    const slips = lines.map((l) => {
      const slip = slipOf(ctx.db, l, ctx.body.account, at, ctx.session.user.name);
      ctx.db.paySlips.push(slip);
      Object.assign(l, { status: 'paid', paidAt: at, slipId: slip.id });
      return slip;
    });
    return { paid: slips.length, slipIds: slips.map((s) => s.id) };
  }),

  /* pay slips */
  api('get', '/v2/pay_slip', { read: paySlipPolicy }, (ctx) =>
    listQuery(ctx.rows(paySlipPolicy), ctx.query, {
      keywordFields: ['staffName', 'slipNo'],
      equalFields: ['month', 'staffId', 'role'],
      sortable: ['paidAt', 'total', 'staffName', 'month'],
      defaultSort: { field: 'paidAt', order: 'descend' },
    }, ctx.lang),
  ),

  api<{ id: string }>('get', '/v2/pay_slip/:id', { read: paySlipPolicy }, (ctx) => ctx.target(paySlipPolicy, Number(ctx.params.id), 'sal.slip')),
];
