// @vitest-environment node
/**
 * Issue 29 (8): validation of request bodies, enumerated over every registered call (mock/http.ts `registry`):
 * id lists refuse duplicates, dates and date-times refuse impossible days, a PUT without its id is a 400 naming the
 * field, and an unknown id is a 404 naming the right thing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { getDb } from './db';
import { resetDb } from './handlers';
import { registry } from './http';
import { shapeOf } from './schema';
import { message } from './messages';
import { allStudents, call, classesIn, loginToken, rowsOf } from './testing';
import { contractTemplates, exams, homework, notices, submissions } from '../server/db/schema';
import { today, addDays } from './clock';

beforeEach(() => {
  resetDb();
});

type Def = { type: string; shape?: Record<string, z.ZodType>; in?: z.ZodType; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[] };
const defOf = (s: z.ZodType) => s._zod.def as unknown as Def;

/** Every field of a body schema, nested objects and list items included: [path, schema]. */
function fields(schema: z.ZodType, path = ''): [string, z.ZodType][] {
  const d = defOf(schema);
  if (d.type === 'object' && d.shape) return Object.entries(d.shape).flatMap(([k, v]) => [[`${path}${k}`, v] as [string, z.ZodType], ...fields(v, `${path}${k}.`)]);
  if (d.type === 'pipe' && d.in) return fields(d.in, path);
  if ((d.type === 'optional' || d.type === 'nullable' || d.type === 'default') && d.innerType) return fields(d.innerType, path);
  if (d.type === 'array' && d.element) return fields(d.element, `${path}[].`);
  if (d.type === 'union' && d.options) return d.options.flatMap((o) => fields(o, path));
  return [];
}

/** A list of whole numbers (through wrappers): an id list. */
function isIdList(schema: z.ZodType): boolean {
  const d = defOf(schema);
  if (d.type === 'pipe' && d.in) return isIdList(d.in);
  if ((d.type === 'optional' || d.type === 'nullable' || d.type === 'default') && d.innerType) return isIdList(d.innerType);
  if (d.type === 'union' && d.options) return d.options.some(isIdList);
  return d.type === 'array' && !!d.element && defOf(d.element).type === 'number';
}

const bodies = () => {
  const seen = new Set<z.ZodType>();
  return registry.filter((c) => c.body && !seen.has(c.body) && seen.add(c.body)).map((c) => ({ key: `${c.method.toUpperCase()} ${c.path}`, body: c.body! }));
};

describe('every body refuses duplicate ids and impossible days', () => {
  it('each id list of every registered body refuses a duplicate (the shared `ids` helper)', () => {
    const lists = bodies().flatMap(({ key, body }) => fields(body).filter(([, s]) => isIdList(s)).map(([f, s]) => ({ at: `${key} ${f}`, s })));
    expect(lists.length).toBeGreaterThan(10);
    const accepting = lists.filter(({ s }) => s.safeParse([3, 3]).success).map((l) => l.at);
    expect(accepting).toEqual([]);
  });

  it('each date and date-time field refuses an impossible day (the shared `date`/`dateTime` helpers)', () => {
    // Fields named like a day or a moment; each takes a day ('2027-02-28') or a moment ('2027-02-28 10:00').
    const all = bodies().flatMap(({ key, body }) => fields(body).map(([f, s]) => ({ at: `${key} ${f}`, f, s })));
    const named = all.filter(({ f }) => /(^|\.)(date|birthday|\w+(Date|At|Time))$/.test(f));
    const dates = named.filter(({ s }) => s.safeParse('2027-02-28').success);
    const moments = named.filter(({ s }) => s.safeParse('2027-02-28 10:00').success);
    expect(named.filter((n) => !dates.includes(n) && !moments.includes(n)).map((n) => n.at)).toEqual([]);
    expect(dates.length).toBeGreaterThan(10);
    expect(moments.map((m) => m.at)).toContain('POST /v2/notice sendAt');
    expect(dates.filter(({ s }) => s.safeParse('2027-02-30').success || s.safeParse('2027-13-01').success).map((d) => d.at)).toEqual([]);
    expect(moments.filter(({ s }) => s.safeParse('2027-02-30 10:00').success || s.safeParse('2027-02-28 24:00').success).map((d) => d.at)).toEqual([]);
  });

  it('POST /v2/homework with a student twice: 400 naming the field, no homework, no second submission', async () => {
    const students = await allStudents();
    const dealer = await loginToken('dealer');
    const cls = (await classesIn(2)).find((c) => students.filter((s) => s.classIds.includes(c.id)).length >= 2)!;
    const [a, b] = students.filter((s) => s.classIds.includes(cls.id));
    const counts = async () => ({ homework: (await rowsOf(homework)).length, submissions: (await rowsOf(submissions)).length });
    const before = await counts();
    const body = { classId: cls.id, studentIds: [a.id, b.id, a.id], title: 'Stretching', content: 'Ten minutes a day', dueDate: addDays(today(), 3) };
    const r = await call('POST', '/v2/homework', { token: dealer, body });
    expect(r).toMatchObject({ status: 400, body: { msg: 'Students contains duplicates.' } });
    expect((await call('POST', '/v2/homework', { token: dealer, body, lang: 'zh-CN' })).body.msg).toBe('学员包含重复项。');
    expect(await counts()).toEqual(before);
    const ok = await call('POST', '/v2/homework', { token: dealer, body: { ...body, studentIds: [a.id, b.id] } });
    expect(ok.status).toBe(200);
    expect((await counts()).submissions).toBe(before.submissions + 2);
  });

  it('POST /v2/notice at 2027-02-30 10:00: 400 naming the send time, nothing stored', async () => {
    const db = getDb();
    const dealer = await loginToken('dealer');
    const before = (await rowsOf(notices)).length;
    const body = { segment: 'all', title: 'Open day', text: 'Come and see', sendAt: '2027-02-30 10:00' };
    const r = await call('POST', '/v2/notice', { token: dealer, body });
    expect(r).toMatchObject({ status: 400, body: { msg: 'Send time must be an existing date and time YYYY-MM-DD HH:mm.' } });
    expect((await call('POST', '/v2/notice', { token: dealer, body: { ...body, sendAt: '2027-02-28 24:00' } })).status).toBe(400);
    expect((await rowsOf(notices)).length).toBe(before);
    // A real moment in the past still says why.
    expect((await call('POST', '/v2/notice', { token: dealer, body: { ...body, sendAt: '2020-02-28 10:00' } })).body.msg).toBe('The send time must be in the future.');
    expect((await call('POST', '/v2/notice', { token: dealer, body: { ...body, sendAt: '2027-02-28 10:00' } })).status).toBe(200);
    expect((await rowsOf(notices)).length).toBe(before + 1);
    // A list of classes with a class twice is refused too.
    const cls = (await classesIn(2))[0];
    expect((await call('POST', '/v2/notice', { token: dealer, body: { segment: 'classes', classIds: [cls.id, cls.id], title: 'x', text: 'y' } })).body.msg).toBe('Classes contains duplicates.');
  });
});

/** PUTs that update one row named by another field, or the caller's or company's single settings (no `id`). */
const PUT_WITHOUT_ID: Record<string, string> = {
  'PUT /v2/campus_web': 'one page per campus: campusId',
  'PUT /v2/setting': "the company's settings",
  'PUT /v2/company_kt/theme_color': "the company's colour",
  'PUT /v2/company_kt/logo': "the company's logo",
  'PUT /v2/notify/rules': 'one rule per event and channel',
  'PUT /v2/platform_setting': "the platform's settings",
  'PUT /v2/company_role/service': "the platform's service contact",
  'PUT /v2/user/profile': "the caller's own profile",
};

describe('a PUT without its id is a 400 naming the field', () => {
  it('every PUT whose body has an id: 400 "<its label> is required." before anything else; the others are listed', async () => {
    const dealer = await loginToken('dealer');
    const admin = await loginToken('admin');
    const puts = registry.filter((c) => c.method === 'put');
    expect(puts.length).toBeGreaterThan(20);
    const withoutId = puts.filter((c) => !c.body || shapeOf(c.body)?.id === undefined).map((c) => `PUT ${c.path}`);
    expect(withoutId.sort()).toEqual(Object.keys(PUT_WITHOUT_ID).sort());
    const wrong: string[] = [];
    for (const c of puts.filter((p) => p.body && shapeOf(p.body)?.id !== undefined)) {
      let r = await call('PUT', c.path, { token: dealer, body: { name: 'x', title: 'x' } });
      if (r.status === 403) r = await call('PUT', c.path, { token: admin, body: { name: 'x', title: 'x' } });
      // The field's label of the call (`labels: { id: 'sub.order' }`), else "Id".
      const expected = message('en', 'v.required', { field: message('en', c.labels?.id ?? 'field.id') });
      if (r.status !== 400 || r.body.msg !== expected) wrong.push(`PUT ${c.path}: ${r.status} ${r.body.msg} ≠ ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the three of the issue, and a valid id still updates', async () => {
    const db = getDb();
    const dealer = await loginToken('dealer');
    const admin = await loginToken('admin');
    const exam = (await rowsOf(exams)).find((e) => e.companyId === 2)!;
    const examBody = { classId: exam.classId, name: 'Midterm', date: exam.date, subjects: exam.subjects };
    expect(await call('PUT', '/v2/exam', { token: dealer, body: examBody })).toMatchObject({ status: 400, body: { msg: 'Id is required.' } });
    expect((await call('PUT', '/v2/exam', { token: dealer, body: examBody, lang: 'zh-CN' })).body.msg).toBe('ID不能为空。');
    expect((await call('PUT', '/v2/message_template', { token: dealer, body: { name: 'Hi', scene: 'general', text: 'Hello' } })).body.msg).toBe('Id is required.');
    const bulletin = { title: 'Maintenance', body: 'Tonight', startDate: today(), endDate: today(), pinned: false };
    expect(await call('PUT', '/v2/system_bulletin', { token: admin, body: bulletin })).toMatchObject({ status: 400, body: { msg: 'Id is required.' } });
    expect((await call('PUT', '/v2/exam', { token: dealer, body: { ...examBody, id: exam.id } })).body.msg).toBeUndefined();
    expect((await rowsOf(exams)).find((e) => e.id === exam.id)!.name).toBe('Midterm');
  });
});

describe('an unknown id is a 404 naming the right thing', () => {
  it('every policy of a registered call has a noun in both languages (mock/nouns.ts)', () => {
    const names = new Set(registry.flatMap((c) => [c.read?.name, c.write?.name]).filter((n): n is string => !!n));
    expect(names.size).toBeGreaterThan(40);
    const missing = [...names].filter((n) => message('en', `noun.${n}`) === `noun.${n}` || message('zh', `noun.${n}`) === `noun.${n}`);
    expect(missing).toEqual([]);
  });

  it('an unknown exam or template: "Exam not found.", "Template not found." (never a policy name)', async () => {
    const dealer = await loginToken('dealer');
    const exam = (await rowsOf(exams)).find((e) => e.companyId === 2)!;
    const body = { id: 999999, classId: exam.classId, name: 'x', date: exam.date, subjects: exam.subjects };
    expect(await call('PUT', '/v2/exam', { token: dealer, body })).toMatchObject({ status: 404, body: { msg: 'Exam not found.' } });
    expect((await call('PUT', '/v2/exam', { token: dealer, body, lang: 'zh-CN' })).body.msg).toBe('考试不存在。');
    expect((await call('PUT', '/v2/message_template', { token: dealer, body: { id: 999999, name: 'Hi', scene: 'general', text: 'Hello' } })).body.msg).toBe('Template not found.');
  });

  it('rendering a contract with an unknown template: 404 "Contract template not found." (templates exist)', async () => {
    const db = getDb();
    const dealer = await loginToken('dealer');
    const contracts = await rowsOf(contractTemplates);
    expect(contracts.some((c) => c.companyId === 2)).toBe(true);
    const card = db.studentCards.find((c) => c.companyId === 2)!;
    const r = await call('GET', `/v2/contract_template/render?cardId=${card.id}&templateId=99999`, { token: dealer });
    expect(r).toMatchObject({ status: 404, body: { msg: 'Contract template not found.' } });
    expect((await call('GET', `/v2/contract_template/render?cardId=${card.id}&templateId=99999`, { token: dealer, lang: 'zh-CN' })).body.msg).toBe('合同模板不存在。');
    // Another company's template is as unknown.
    const other = contracts.find((c) => c.companyId !== 2)!;
    expect((await call('GET', `/v2/contract_template/render?cardId=${card.id}&templateId=${other.id}`, { token: dealer })).status).toBe(404);
    const own = contracts.find((c) => c.companyId === 2)!;
    expect((await call('GET', `/v2/contract_template/render?cardId=${card.id}&templateId=${own.id}`, { token: dealer })).body.data.templateId).toBe(own.id);
  });
});
