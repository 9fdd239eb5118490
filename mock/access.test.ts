// @vitest-environment node
/**
 * The handler-enumeration test (issue 8): every registered call declares its access rule in one place.
 *  - a call is public (`auth: false`, only the login, SMS, logout and public-form calls), about the caller's own
 *    session (`self`), or has a rule beyond "logged in" (a policy, or a non-trivial `access` rule);
 *  - a write over a resource uses the same policy as the read of that resource's path;
 *  - (issue 29) every GET and the receiver POST answer a teacher, a sales person and a campus-scoped sales person
 *    with no student, lead or mobile outside that caller's lists, even when pointed at such rows.
 */
import { sessionByToken } from '../server/auth/state';
import { describe, expect, it } from 'vitest';
import { handlers } from './handlers';
import { buildSession, registry, type RegisteredCall, type Session } from './http';
import { getDb } from './db';
import { allAttendances, allLeads as readLeads, allLeaveRequests, allReservations, allTrials, call, classesIn, defaultGroup, inRequest, lessonsIn, loginToken, membershipRows, rowsOf, userRows, allStaff, studentsIn } from './testing';
import { inTransaction } from '../server/db';
import { exams, homework, notices, submissions } from '../server/db/schema';
import { today } from './clock';
import { studentRows } from './domains/schoolPolicies';
import { loadLeadIds, visibleLeads } from './domains/customer';
import { lessonRows } from './domains/scheduleApi';
import { loadCompanyStudents, loadVisibleStudents } from './domains/studentRows';
import { loadCompanyLessons } from './domains/lessonRows';

/** Rules that say no more than "logged in". */
const TRIVIAL = new Set(['loggedIn', 'everyone']);
/** Calls that may run without a session: logins, SMS, logout, public pages. */
const PUBLIC = /^\/(v2\/user\/login\/|api\/send\/sms$|v2\/public\/)/;

const key = (c: RegisteredCall) => `${c.method.toUpperCase()} ${c.path}`;
/**
 * The resource path of a call: `/v2/x/:id` and `/v2/x/list` → `/v2/x`. (Paths the specification fixes (docs/api.md#calls-named-by-the-spec) may serve two audiences: GET
 * /v2/package is the stores' catalogue, the platform's own list is /v2/package/list with the policy of its writes.)
 */
const resource = (path: string) => path.replace(/\/(:[^/]+|list)$/, '');

describe('every mock call declares its access (mock/http.ts registry)', () => {
  it('registers every handler (the registry is complete)', () => {
    expect(handlers.length).toBeGreaterThan(100);
    expect(registry.length).toBeGreaterThan(100);
  });

  it('no call returning company data is open to any logged-in user', () => {
    const open = registry.filter((c) => {
      if (!c.auth || c.self || c.read || c.write) return false;
      const meaningful = c.access.filter((r) => typeof r === 'function' || !TRIVIAL.has(r));
      return meaningful.length === 0;
    });
    expect(open.map(key)).toEqual([]);
  });

  it('only login, SMS, logout and public-form calls run without a session', () => {
    expect(registry.filter((c) => !c.auth && !PUBLIC.test(c.path)).map(key)).toEqual([]);
  });

  it("a write's policy is the read policy of the same resource path", () => {
    const reads = new Map<string, RegisteredCall[]>();
    for (const c of registry) {
      if (c.method !== 'get' || !c.read) continue;
      const r = resource(c.path);
      reads.set(r, [...(reads.get(r) ?? []), c]);
    }
    const mismatched: string[] = [];
    for (const c of registry) {
      if (c.method === 'get' || !c.auth || c.self) continue;
      const same = reads.get(resource(c.path)) ?? [];
      if (!same.length) continue;
      const policy = c.write ?? c.read;
      if (!policy) mismatched.push(`${key(c)}: no policy (reads use ${same[0].read!.name})`);
      else if (!same.some((r) => r.read === policy)) mismatched.push(`${key(c)}: ${policy.name} ≠ ${same.map((r) => r.read!.name).join(' / ')}`);
    }
    expect(mismatched).toEqual([]);
  });

  it('writes name a policy whose rows find their targets (or, for writes within the scope itself, its condition)', () => {
    const missing = registry.filter((c) => c.write && !c.write.rows && !c.write.find && !c.write.where).map(key);
    expect(missing).toEqual([]);
  });
});

/**
 * One scope per resource, everywhere (issue 29): for a teacher, a sales person and a sales person whose permission
 * group is narrowed to their campus, every registered GET (bare, and with the ids and queries the calls take, pointing
 * at rows outside the caller's scope) and the receiver-computing POST answer only with students, leads and mobiles
 * of the caller's lists (`studentRows`, `visibleLeads` for that session). One seed for the whole sweep.
 */
describe('every call answers within the scope of its list (issue 29)', () => {
  const MOBILE = /(?<!\d)1[3-9]\d{9}(?!\d)/g;
  /** Keys whose text may be a student's name (lists, options, summaries). */
  const NAMES = new Set(['studentName', 'names', 'name', 'label', 'leadName']);

  interface Scope {
    students: Set<number>;
    leads: Set<number>;
    forbiddenMobiles: Set<string>;
    forbiddenNames: Set<string>;
  }

  /** The caller's list scope, from the lists' own scope functions (run as a request of the caller runs them). */
  async function scopeOf(token: string): Promise<{ scope: Scope; session: Session }> {
    const row = (await sessionByToken(token))!;
    return inTransaction(() => scopeIn(token, row.userId, row.roleId));
  }

  async function scopeIn(token: string, userId: number, roleId: number): Promise<{ scope: Scope; session: Session }> {
    const db = getDb();
    const session = (await buildSession(db, token, userId, roleId))!;
    await loadLeadIds(db, session);
    const cid = session.company.id;
    // The company's students and the caller's, read as a request of theirs reads them.
    await loadCompanyStudents(db, cid);
    await loadVisibleStudents(db, session);
    await loadCompanyLessons(cid);
    const companyStudents = await studentsIn(cid);
    const companyLeads = (await readLeads()).filter((l) => l.companyId === cid);
    // The lists of students and leads: the student list; the lead list and the pool. A lesson in the schedule's scope
    // shows its roster (booked, on leave, rolled-call students, who may come from other classes), and a trial the
    // caller teaches its lead: those rows are reached through the lesson and trial lists.
    const lessons = new Set(lessonRows(db, session).map((l) => l.id));
    const rosters = new Set([...(await allAttendances()), ...(await allReservations()), ...(await allLeaveRequests())].filter((r) => r.companyId === cid && r.lessonId !== undefined && lessons.has(r.lessonId)).map((r) => r.studentId));
    const staffId = (await allStaff()).find((st) => st.companyId === cid && st.userId === session.user.id)?.id;
    const taughtTrials = new Set((await allTrials()).filter((t) => t.companyId === cid && staffId !== undefined && t.teacherId === staffId).map((t) => t.leadId));
    const students = [...studentRows(db, session), ...companyStudents.filter((st) => rosters.has(st.id))];
    const leads = [
      ...(session.access.customerCenter ? await visibleLeads(db, session, 'both') : []),
      ...companyLeads.filter((l) => taughtTrials.has(l.id)),
    ];
    const allStudents = companyStudents;
    const allLeads = companyLeads;
    const staffUsers = new Set((await membershipRows()).filter((m) => m.companyId === cid && m.role !== 'customer').map((m) => m.userId));
    const allowed = new Set([
      ...students.map((st) => st.mobile),
      ...leads.map((l) => l.mobile),
      ...(await allStaff()).filter((st) => st.companyId === cid).map((st) => st.mobile),
      ...(await userRows()).filter((u) => staffUsers.has(u.id)).map((u) => u.mobile),
    ]);
    const ids = new Set(students.map((st) => st.id));
    const names = new Set([...students.map((st) => st.name), ...leads.map((l) => l.name)]);
    return {
      session,
      scope: {
        // A row in scope may name its linked row (a student's lead, a lead's student): that is no leak.
        students: new Set([...ids, ...leads.map((l) => l.studentId).filter((x): x is number => x !== undefined)]),
        leads: new Set([...leads.map((l) => l.id), ...students.map((st) => st.leadId).filter((x): x is number => x !== undefined)]),
        forbiddenMobiles: new Set([...allStudents, ...allLeads].map((r) => r.mobile).filter((m) => !allowed.has(m))),
        forbiddenNames: new Set(allStudents.filter((st) => !ids.has(st.id) && !names.has(st.name)).map((st) => st.name)),
      },
    };
  }

  /** What an answer shows outside the scope: student and lead ids, mobiles, student names. */
  function leaks(data: unknown, scope: Scope): string[] {
    const out = new Set<string>();
    const visit = (v: unknown, key: string) => {
      if (typeof v === 'string') {
        for (const m of v.match(MOBILE) ?? []) if (scope.forbiddenMobiles.has(m)) out.add(`mobile ${m} (${key})`);
        if (NAMES.has(key)) for (const n of v.split('、')) if (scope.forbiddenNames.has(n)) out.add(`student ${n} (${key})`);
      } else if (typeof v === 'number') {
        if (key === 'studentId' && !scope.students.has(v)) out.add(`studentId ${v}`);
        if (key === 'leadId' && !scope.leads.has(v)) out.add(`leadId ${v}`);
      } else if (Array.isArray(v)) {
        v.forEach((x) => visit(x, key === 'studentIds' ? 'studentId' : key === 'leadIds' ? 'leadId' : key));
      } else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) visit(x, k);
      }
    };
    visit(data, '');
    return [...out];
  }

  /** Rows outside the caller's scope to point the calls at (a student with a card, homework and attendance...). */
  async function probeOf(session: Session, scope: Scope, noticeIds: number[]) {
    const db = getDb();
    const teaching = { submissions: await rowsOf(submissions), homework: await rowsOf(homework), exams: await rowsOf(exams) };
    const marks = await allAttendances();
    const cid = session.company.id;
    const companyStudents = await studentsIn(cid);
    const outside = companyStudents.filter((st) => !scope.students.has(st.id));
    const weight = (id: number) =>
      (db.studentCards.some((c) => c.studentId === id) ? 4 : 0) + (teaching.submissions.some((x) => x.studentId === id) ? 2 : 0) + (marks.some((a) => a.studentId === id && a.mark === 'present') ? 1 : 0);
    const student = [...outside].sort((a, b) => weight(b.id) - weight(a.id))[0] ?? companyStudents[0];
    const card = db.studentCards.find((c) => c.studentId === student.id);
    const companyLeads = (await readLeads()).filter((l) => l.companyId === cid);
    const lead = companyLeads.find((l) => !scope.leads.has(l.id)) ?? companyLeads[0];
    const classId = student.classIds[0] ?? (await classesIn(cid))[0].id;
    // Rows of a class holding students outside the scope (its own, else any such class).
    const outsideClasses = new Set(outside.flatMap((st) => st.classIds));
    const near = <R extends { classId?: number }>(rows: R[]) => rows.find((r) => r.classId === classId) ?? rows.find((r) => r.classId !== undefined && outsideClasses.has(r.classId));
    const hw = near(teaching.homework.filter((h) => h.companyId === cid));
    const exam = near(teaching.exams.filter((e) => e.companyId === cid));
    const lesson = near(await lessonsIn(cid));
    const ids = [...new Set([student.id, card?.id, lead.id, classId, hw?.id, exam?.id, lesson?.id, ...noticeIds].filter((x): x is number => x !== undefined))];
    const month = today().slice(0, 7);
    const query = new URLSearchParams({
      studentId: String(student.id),
      cardId: String(card?.id ?? 0),
      classId: String(classId),
      leadId: String(lead.id),
      id: String(student.id),
      mobile: lead.mobile,
      mobiles: [...scope.forbiddenMobiles].slice(0, 400).join(','),
      month,
      page: '1',
      pageSize: '200',
    }).toString();
    // Keyword searches (global search, list filters) for the outside student and lead.
    const base = query.replace(/&?mobiles=[^&]*/, '');
    const searches = [student.name, lead.mobile].map((k) => `${base}&keyword=${encodeURIComponent(k)}`);
    return { ids, query, searches, student, classId };
  }

  /** Every GET (bare, then pointed at rows outside the scope) and the receiver POSTs; the leaks found, per call. */
  async function sweep(token: string, noticeIds: number[]): Promise<string[]> {
    const { scope, session } = await scopeOf(token);
    const probe = await probeOf(session, scope, noticeIds);
    const own = (
      await inRequest(session.company.id, async () => {
        await loadLeadIds(getDb(), session);
        await loadVisibleStudents(getDb(), session);
        return studentRows(getDb(), session);
      })
    )[0];
    const problems: string[] = [];
    const summary = (what: string, found: string[]) => `${what}: ${found.slice(0, 3).join(', ')}${found.length > 3 ? ` (+${found.length - 3})` : ''}`;
    const check = (what: string, data: unknown) => {
      const found = leaks(data, scope);
      if (found.length) problems.push(summary(what, found));
    };
    for (const c of registry) {
      if (c.method !== 'get' || !c.auth || /logout|__test__/.test(c.path)) continue;
      const urls = c.path.includes('/:')
        ? probe.ids.map((id) => `${c.path.replace(/:[^/]+/g, String(id))}?${probe.query}`)
        : [`${c.path}?page=1&pageSize=200`, `${c.path}?${probe.query}`, ...probe.searches.map((q) => `${c.path}?${q}`)];
      const seen = new Set<string>();
      for (const url of urls) {
        const r = await call('GET', url, { token });
        if (r.status === 403) break; // the call's rule refuses the caller whatever the query
        if (r.status !== 200) continue;
        for (const l of leaks(r.body.data, scope)) seen.add(l);
      }
      if (seen.size) problems.push(summary(`GET ${c.path}`, [...seen]));
    }
    const choices = [
      { segment: 'all' },
      { segment: 'low' },
      { segment: 'expiring' },
      { segment: 'students', studentIds: [probe.student.id, ...(own ? [own.id] : [])] },
      { segment: 'classes', classIds: [probe.classId] },
      ...(own?.classIds.length ? [{ segment: 'classes', classIds: own.classIds }] : []),
    ];
    for (const body of choices) {
      const r = await call('POST', '/v2/notice/receivers', { token, body: { ...body, text: '{studentName} {className}' } });
      if (r.status === 200) check(`POST /v2/notice/receivers ${body.segment}`, r.body.data);
    }
    return problems;
  }

  let noticeIds: number[] = [];
  it('setup: the dealer sends a notice to every student (receivers of every class)', async () => {
    const dealer = await loginToken('dealer');
    const sent = await call('POST', '/v2/notice', { token: dealer, body: { segment: 'all', title: 'Scope', text: '{studentName}' } });
    expect(sent.status).toBe(200);
    noticeIds = (await rowsOf(notices)).map((n) => n.id);
  });

  it('a teacher: only their classes’ students, no leads', async () => {
    expect(await sweep(await loginToken('teacher'), noticeIds)).toEqual([]);
  });

  it('a sales person: only their own leads', async () => {
    expect(await sweep(await loginToken('sales'), noticeIds)).toEqual([]);
  });

  it('a sales person whose permission group is narrowed to their campus', async () => {
    const dealer = await loginToken('dealer');
    const group = await defaultGroup(2, 'sales');
    const r = await call('PUT', '/v2/permission_group/', { token: dealer, body: { id: group.id, name: group.name, flags: group.flags, dataScope: 'campus' } });
    expect(r.status).toBe(200);
    const sales = await loginToken('sales');
    const { session } = await scopeOf(sales);
    const inScope = (
      await inRequest(session.company.id, async () => {
        await loadLeadIds(getDb(), session);
        await loadVisibleStudents(getDb(), session);
        return studentRows(getDb(), session);
      })
    ).length;
    expect(inScope).toBeGreaterThan(0);
    expect(inScope).toBeLessThan((await studentsIn(2)).length);
    expect(await sweep(sales, noticeIds)).toEqual([]);
  });
});
