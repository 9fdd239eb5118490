/**
 * Jump search (issues 9, 31): GET /v2/search?keyword= finds people by name or mobile (students, their parents, leads,
 * staff) and documents by number (cards, card orders — their receipts carry the order's number —, online orders, bill
 * entries, pay slips). Each kind only when the caller may open the screen it leads to (the route's access key) and
 * read its resource, and only among the rows of that resource's own policy (the same scope as its list: a teacher's
 * students, a sales person's leads, a data-scoped manager's cards...). At most 8 hits per kind.
 */
import { allows, api, definePolicy, type AuthedCtx, type Policy } from '../http';
import { leadPolicy, visibleLeads } from './customer';
import { cardOrderPolicy, staffPolicy, studentCardPolicy, studentPolicy } from './schoolPolicies';
import { journalPolicy, journalRows } from './finance';
import { onlineOrderOf, onlineOrderPolicy } from './campusSales';
import { and, asc, ilike, like, ne, or } from 'drizzle-orm';
import { tx } from '../../server/db';
import { contains } from '../../server/db/list';
import { onlineOrders, students } from '../../server/db/schema';
import { studentsOfRows } from './studentRows';
import { paySlipPolicy, slipsNumbered } from './salary';
import { canSeeStaffMobiles } from '../../src/domain/schoolPermissions';
import type { Access } from '../../src/access';
import type { JumpHit, JumpKind } from '../../src/types/search';

const PER_KIND = 8;

/** The access key of the screen each kind opens (src/config/routes): no hit the caller could not open. */
export const JUMP_ROUTE_ACCESS: Record<JumpKind, keyof Access> = {
  student: 'studentManagement',
  parent: 'studentManagement',
  lead: 'customerCenter',
  staff: 'educationalManagement',
  card: 'studentManagement',
  order: 'studentManagement',
  onlineOrder: 'campusManagement',
  bill: 'financialManagement',
  paySlip: 'ownSalary',
};

/** Readable when at least one of the searched resources is. */
export const searchPolicy = definePolicy<{ id: number }>({
  name: 'jump search',
  read: (_a, s) => [studentPolicy, leadPolicy, staffPolicy, studentCardPolicy, onlineOrderPolicy, journalPolicy, paySlipPolicy].some((p) => allows(p.read, s)),
  rows: () => [],
});

/** A document number as typed: letters and digits, at least 4, compared without case or spaces. */
const numberOf = (kw: string) => kw.replace(/\s+/g, '').toUpperCase();
const looksLikeNumber = (kw: string) => /^[A-Z]{0,3}\d{4,}$/.test(numberOf(kw));

export async function jumpHits(ctx: AuthedCtx, keyword: string): Promise<JumpHit[]> {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return [];
  const s = ctx.session;
  const may = (kind: JumpKind, policy: Pick<Policy, 'read'>) => !!s.access[JUMP_ROUTE_ACCESS[kind]] && allows(policy.read, s);
  const hit = (name: string, mobile?: string) => name.toLowerCase().includes(kw) || (!!mobile && /^\d{3,}$/.test(kw) && mobile.includes(kw));
  const no = numberOf(keyword);
  const isNo = looksLikeNumber(keyword);
  const out: JumpHit[] = [];
  if (may('student', studentPolicy)) {
    const t = await tx();
    const scope = ctx.scope(studentPolicy);
    const byName = or(ilike(students.name, contains(kw)), /^\d{3,}$/.test(kw) ? like(students.mobile, contains(kw)) : undefined);
    const found = await studentsOfRows(ctx.db, await t.select().from(students).where(and(scope, byName)).orderBy(asc(students.id)).limit(PER_KIND));
    out.push(...found.map((r) => ({ kind: 'student' as const, id: r.id, name: r.name, mobile: r.mobile, detail: r.campusName, path: `/student/list?keyword=${r.mobile}&studentId=${r.id}` })));
    // Parents: the guardian named on the student (the mobile is theirs), found by their own name.
    const parents = await t.select().from(students).where(and(scope, ne(students.parentName, ''), ilike(students.parentName, contains(kw)))).orderBy(asc(students.id)).limit(PER_KIND);
    out.push(...parents.map((r) => ({ kind: 'parent' as const, id: r.id, name: r.parentName, mobile: r.mobile, detail: r.name, path: `/student/list?keyword=${r.mobile}&studentId=${r.id}` })));
  }
  if (may('lead', leadPolicy)) {
    out.push(
      ...(await visibleLeads(ctx.db, s))
        .filter((r) => hit(r.name, r.mobile))
        .slice(0, PER_KIND)
        .map((r) => ({ kind: 'lead' as const, id: r.id, name: r.name, mobile: r.mobile, detail: r.ownerName, path: `${r.ownerId === undefined ? '/lead' : '/customer'}?keyword=${r.mobile}` })),
    );
  }
  if (may('staff', staffPolicy)) {
    const teacher = !canSeeStaffMobiles(s.membership.role);
    out.push(
      ...ctx
        .rows(staffPolicy)
        .filter((r) => hit(r.name, teacher && r.userId !== s.user.id ? undefined : r.mobile))
        .slice(0, PER_KIND)
        .map((r) => ({
          kind: 'staff' as const,
          id: r.id,
          name: r.name,
          mobile: teacher && r.userId !== s.user.id ? undefined : r.mobile,
          detail: r.campusName,
          path: `/school/staff?keyword=${encodeURIComponent(r.name)}`,
        })),
    );
  }
  if (!isNo) return out;
  const month = (at: string) => at.slice(0, 7);
  if (may('card', studentCardPolicy)) {
    out.push(
      ...ctx
        .rows(studentCardPolicy)
        .filter((c) => c.cardNo.includes(no))
        .slice(0, PER_KIND)
        .map((c) => ({ kind: 'card' as const, id: c.id, name: c.cardNo, detail: `${c.studentName} · ${c.templateName}`, path: `/student/list?tab=class-card-record&keyword=${c.cardNo}` })),
    );
  }
  if (may('order', cardOrderPolicy)) {
    out.push(
      ...ctx
        .rows(cardOrderPolicy)
        .filter((o) => o.orderNo.includes(no))
        .slice(0, PER_KIND)
        .map((o) => ({ kind: 'order' as const, id: o.id, name: o.orderNo, detail: `${o.studentName} · ${o.templateName}`, path: `/student/list?tab=class-card-op&order=${o.orderNo}` })),
    );
  }
  if (may('onlineOrder', onlineOrderPolicy)) {
    const rows = await (await tx())
      .select()
      .from(onlineOrders)
      .where(and(ctx.scope(onlineOrderPolicy), like(onlineOrders.orderNo, contains(no))))
      .orderBy(asc(onlineOrders.id))
      .limit(PER_KIND);
    out.push(
      ...rows
        .map(onlineOrderOf)
        .map((o) => ({ kind: 'onlineOrder' as const, id: o.id, name: o.orderNo, detail: `${o.studentName} · ${o.templateName}`, path: `/campus/online-order?keyword=${o.orderNo}` })),
    );
  }
  if (may('bill', journalPolicy)) {
    out.push(
      ...(await journalRows(ctx.db, s.company.id))
        .filter((e) => !!e.sourceRef && e.sourceRef.includes(no))
        .slice(0, PER_KIND)
        .map((e) => ({ kind: 'bill' as const, id: e.key, name: e.sourceRef!, detail: `${e.date} · ${e.counterparty}`, path: `/bill?keyword=${e.sourceRef}&month=${month(e.date)}` })),
    );
  }
  if (may('paySlip', paySlipPolicy)) {
    out.push(
      ...(await slipsNumbered(ctx.scope(paySlipPolicy), no, PER_KIND)).map((p) => ({ kind: 'paySlip' as const, id: p.id, name: p.slipNo, detail: `${p.staffName} · ${p.month}`, path: `/finance/pay-slip/detail?id=${p.id}` })),
    );
  }
  return out;
}

export const searchHandlers = [api('get', '/v2/search', { read: searchPolicy }, (ctx): Promise<JumpHit[]> => jumpHits(ctx, String(ctx.query.keyword ?? '')))];
