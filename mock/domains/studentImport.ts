/**
 * Excel import of students (with an optional opening card) and of leads (issue 9). The browser reads the file and
 * shows every row with its errors (src/domain/importRows.ts, with the scope from the `context` calls); the import
 * call checks the same rows again in the caller's scope and is all rows or none: a bad row is a 400 naming the row
 * and the field, and nothing is created.
 *
 * - Students are created by `insertStudent` (the single create's function, same duplicate rule: name + mobile).
 * - An opening balance is a card issued from its template (`issueCard`, as a sale does) with no order and no money:
 *   paid 0, so no cash, no revenue, no commission (the school was paid before the console); the ledger gets one
 *   `add` record with the remaining hours and the reason "Opening balance" (0 hours for a period card).
 * - Leads are created by `insertLead` (unique mobile per company), owned like the single create (sales: themselves;
 *   managers and the dealer: the named owner, themselves, or the pool from the pool screen), within the owner limit.
 */
import type { Db } from '../db';
import { api, HttpError, type AuthedCtx, type Session } from '../http';
import { defineMessages } from '../messages';
import { nowStamp, today } from '../clock';
import { checkLeadRows, checkStudentRows, errorText, IMPORT_MESSAGES, OPENING_REASON_KEY, type CheckedRow } from '../../src/domain/importRows';
import { IMPORT_MAX_ROWS, ImportRowsBody } from '../../src/types/import.schemas';
import { canSellCard } from '../../src/domain/schoolPermissions';
import { normalizeMobile, seesAllLeads } from '../../src/domain/leads';
import { viewerOf } from './dataScope';
import { insertStudent, issueCard, operatorOf } from './school';
import { appendHourRecord } from './ledger';
import { classRows, studentPolicy } from './schoolPolicies';
import { studentWhere } from './studentRows';
import { assertCampusOpen } from './campus';
import { assertRoom, insertLead, leadOf, leadPolicy, leadScope as leadListScope, ownerOptions, poolScope, sweepPool } from './customer';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { tx } from '../../server/db';
import { leads, students } from '../../server/db/schema';
import { campusesOf } from './campusRows';
import { classesOf } from './schoolRows';
import { templatesOf } from './cardTemplateRows';

defineMessages(IMPORT_MESSAGES);

/** Campuses the caller may import into: the company's, narrowed to their own campus by a campus or own data scope. */
function campusesInScope(db: Db, s: Session) {
  const all = campusesOf(db, s.company.id);
  const v = viewerOf(db, s);
  return v && v.campusId !== undefined ? all.filter((c) => c.id === v.campusId) : all;
}

/** The mobiles of `?mobiles=a,b,c` (at most 500 a call). */
function mobilesOf(ctx: AuthedCtx): Set<string> | undefined {
  const q = ctx.query.mobiles;
  if (q === undefined) return undefined;
  return new Set(q.split(',').map((m) => normalizeMobile(m)).filter(Boolean).slice(0, 500));
}

/**
 * What student rows are checked against: campuses, classes (the class list's scope) and templates, and the existing
 * students. The preview gets the students of the caller's list (`studentRows`) only; the import itself (`everyone`)
 * checks duplicates against the whole company, refusing a row that repeats a student outside the caller's scope with
 * no more than the name and mobile the row itself holds.
 */
async function studentScope(db: Db, s: Session, mobiles?: Set<string>, everyone = false) {
  const campuses = campusesInScope(db, s);
  const ids = new Set(campuses.map((c) => c.id));
  const known = mobiles ? (mobiles.size ? inArray(students.mobile, [...mobiles]) : sql`false`) : undefined;
  // One row (the names and mobiles as one json array): a large company's students read row by row cost several times more.
  const [found] = await (await tx())
    .select({ list: sql<[string, string][] | null>`json_agg(json_build_array(${students.name}, ${students.mobile}) order by ${students.id})` })
    .from(students)
    .where(and(everyone ? eq(students.companyId, s.company.id) : studentWhere(s, db), known));
  const existing = (found?.list ?? []).map(([name, mobile]) => ({ name, mobile }));
  return {
    today: today(),
    campuses: campuses.map((c) => ({ id: c.id, name: c.name })),
    classes: classRows(db, s)
      .filter((c) => ids.has(c.campusId))
      .map((c) => ({ id: c.id, name: c.name, campusId: c.campusId, free: c.capacity - c.studentCount })),
    templates: templatesOf(db, s.company.id).map((tp) => ({ id: tp.id, name: tp.name, kind: tp.kind, validDays: tp.validDays })),
    existing,
  };
}

/**
 * What lead rows are checked against. The preview gets the leads of the caller's two lead lists (`leadScope`: sales
 * their own; and the pool); the import itself (`everyone`) checks the company's unique mobiles against every lead,
 * refusing a duplicate with the single create's message (`insertLead`), one row at a time.
 */
async function leadScope(db: Db, s: Session, pool: boolean, mobiles?: Set<string>, everyone = false) {
  const seen = everyone ? eq(leads.companyId, s.company.id) : or(leadListScope(s, db), poolScope(s, db));
  const known = mobiles ? (mobiles.size ? inArray(leads.mobile, [...mobiles].map(normalizeMobile)) : sql`false`) : undefined;
  const existing = (await (await tx()).select().from(leads).where(and(seen, known)).orderBy(asc(leads.id))).map(leadOf);
  return {
    today: today(),
    campuses: campusesInScope(db, s).map((c) => ({ id: c.id, name: c.name })),
    owners: ownerOptions(db, s.company.id),
    self: { id: s.user.id, name: s.user.name },
    assignAny: seesAllLeads(s.membership.role),
    pool,
    existing: existing.map((l) => ({ name: l.name, mobile: l.mobile, ownerName: l.ownerName })),
  };
}

/** 400 unless 1 ≤ rows ≤ IMPORT_MAX_ROWS. */
function assertSize(ctx: AuthedCtx, rows: unknown[]) {
  if (rows.length > IMPORT_MAX_ROWS) throw ctx.bad('imp.tooMany', { max: IMPORT_MAX_ROWS, n: rows.length });
}

/** 400 naming the first bad row and its fields (messages in the caller's language). */
function refuseBad<V>(ctx: AuthedCtx, checked: CheckedRow<V>[]) {
  const bad = checked.find((r) => r.errors.length);
  if (bad) throw ctx.bad('imp.row', { row: bad.rowNo, errors: bad.errors.map((e) => errorText(e, ctx.t)).join(' ') });
}

export const importHandlers = [
  /** What the preview checks rows against: campuses, classes and templates in scope, students with the file's mobiles. */
  api('get', '/v2/student/import/context', { read: studentPolicy }, (ctx) => studentScope(ctx.db, ctx.session, mobilesOf(ctx))),

  api('post', '/v2/student/import', { write: studentPolicy, body: ImportRowsBody }, async (ctx) => {
    const { db, session } = ctx;
    const { rows } = ctx.body;
    assertSize(ctx, rows);
    // Each row may carry its sheet row number (`rowNo`), which the messages name.
    const checked = checkStudentRows(rows, await studentScope(db, session, undefined, true));
    const withCard = checked.filter((r) => r.value?.card);
    if (withCard.length && !canSellCard(session.membership.role)) throw new HttpError(403, ctx.t('common.forbidden'));
    refuseBad(ctx, checked);
    for (const r of withCard) assertCampusOpen(db, r.value!.campusId, ctx.lang);
    // Everything was checked above; should a create still fail, what this call added is taken back (all or none): the
    // students, cards and hour records in the database with the request's transaction, the process's rows here.
    const before = { cards: db.studentCards.length, records: db.hourRecords.length };
    const classCounts = new Map(classesOf(db, session.company.id).map((c) => [c, c.studentCount]));
    const templates = new Map(templatesOf(db, session.company.id).map((tp) => [tp, tp.issuedCount]));
    const operator = operatorOf(db, session);
    const at = nowStamp();
    const reason = ctx.t(OPENING_REASON_KEY);
    let cards = 0;
    let hours = 0;
    try {
      for (const r of checked) {
        const v = r.value!;
        const st = await insertStudent(db, { ...v, parentName: v.parentName ?? '', companyId: session.company.id, lang: ctx.lang });
        if (!v.card) continue;
        const tpl = templatesOf(db, session.company.id).find((tp) => tp.id === v.card!.templateId)!;
        const opening = tpl.kind === 'count' ? v.card.hours ?? 0 : 0;
        const card = issueCard(db, {
          companyId: session.company.id,
          student: st,
          tpl,
          boughtHours: opening,
          giftHours: 0,
          amount: 0,
          startDate: v.card.startDate,
          expiryDate: v.card.expiryDate,
          seller: operator,
          at,
        });
        appendHourRecord(db, { cardId: card.id, type: 'add', hours: opening, reason, operator, at, lang: ctx.lang });
        cards += 1;
        hours += opening;
      }
    } catch (e) {
      db.studentCards.length = before.cards;
      db.hourRecords.length = before.records;
      classCounts.forEach((n, c) => (c.studentCount = n));
      templates.forEach((n, tp) => (tp.issuedCount = n));
      throw e;
    }
    return { created: checked.length, cards, hours: Math.round(hours * 10) / 10 };
  }),

  /** What the preview checks lead rows against: campuses in scope, owners, leads with the file's mobiles. */
  api('get', '/v2/customer/import/context', { read: leadPolicy }, async (ctx) => leadScope(ctx.db, ctx.session, ctx.query.pool === '1', mobilesOf(ctx))),

  api('post', '/v2/customer/import', { write: leadPolicy, body: ImportRowsBody }, async (ctx) => {
    const { db, session } = ctx;
    const { rows } = ctx.body;
    assertSize(ctx, rows);
    await sweepPool(db, session.company.id);
    const scope = await leadScope(db, session, ctx.body.pool === true, undefined, true);
    const checked = checkLeadRows(rows, scope, ctx.t);
    refuseBad(ctx, checked);
    // The owner limit, per owner, for all their new leads at once.
    const perOwner = new Map<number, number>();
    for (const r of checked) if (r.value!.ownerId) perOwner.set(r.value!.ownerId, (perOwner.get(r.value!.ownerId) ?? 0) + 1);
    for (const [id, n] of perOwner) {
      const owner = scope.owners.find((o) => o.value === id)!;
      await assertRoom(db, session.company.id, owner, n, ctx.lang, id === session.user.id);
    }
    // A refused row rolls back the request's transaction: no lead of the file is left.
    for (const r of checked) {
      const { ownerId, merchantId: _m, ...v } = r.value!;
      await insertLead(
        db,
        {
          ...v,
          gender: v.gender ?? undefined,
          age: v.age ?? undefined,
          companyId: session.company.id,
          ownerId: ownerId === 0 ? undefined : ownerId,
          createdBy: session.user.name,
        },
        ctx.lang,
      );
    }
    return { created: checked.length, pooled: checked.filter((r) => r.value!.ownerId === 0).length };
  }),
];
