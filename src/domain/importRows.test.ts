import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkLeadRows, checkStudentRows, errorText, IMPORT_MESSAGES, listAliases, normalizeEnums, recordsOf, STUDENT_COLUMNS, type LeadImportScope, type StudentImportScope } from './importRows';
import { StudentImportRowBody } from '@/types/import.schemas';

const TODAY = '2026-11-23';
const scope: StudentImportScope = {
  today: TODAY,
  campuses: [
    { id: 1, name: 'North Campus' },
    { id: 2, name: 'South Campus' },
  ],
  classes: [
    { id: 10, name: 'Ballet A', campusId: 1, free: 2 },
    { id: 11, name: 'Jazz B', campusId: 2, free: 5 },
  ],
  templates: [
    { id: 100, name: '48 lessons', kind: 'count', validDays: 365 },
    { id: 101, name: 'Quarter pass', kind: 'period', validDays: 90 },
  ],
  existing: [{ name: 'Old Student', mobile: '13900000000' }],
};
const row = (over: Record<string, string | number | undefined> = {}) => ({ name: 'Wang Yu', mobile: '13912345678', gender: 'female', campus: 'North Campus', ...over });
const codes = (r: { errors: { field: string; code: string }[] }) => r.errors.map((e) => `${e.field}:${e.code}`);

describe('student import rows', () => {
  it('resolves names to ids and defaults the card dates (start today, expiry start + valid days)', () => {
    const [r] = checkStudentRows([row({ classes: 'ballet a', card: '48 Lessons', hours: '12.5', mobile: 13912345678 })], scope);
    expect(r.errors).toEqual([]);
    expect(r.rowNo).toBe(2);
    expect(r.value).toMatchObject({ campusId: 1, classIds: [10], card: { templateId: 100, hours: 12.5, startDate: TODAY, expiryDate: '2027-11-23' } });
    expect(StudentImportRowBody.safeParse(r.value).success).toBe(true);
  });

  it('reports every error of a row with the field it belongs to', () => {
    const [r] = checkStudentRows([{ name: '', mobile: '1391234', gender: 'x', campus: 'Nowhere', birthday: '2026-02-30', card: '48 lessons', hours: 3.25 }], scope);
    expect(codes(r)).toEqual(expect.arrayContaining(['campus:campus', 'name:required', 'mobile:mobile', 'gender:oneOf', 'birthday:date', 'hours:decimals']));
    expect(r.value).toBeUndefined();
  });

  it('checks classes in the row campus and the places left over the whole file', () => {
    const rows = checkStudentRows(
      [row({ classes: 'Jazz B' }), row({ name: 'A', classes: 'Ballet A' }), row({ name: 'B', classes: 'Ballet A' }), row({ name: 'C', classes: 'Ballet A' })],
      scope,
    );
    expect(codes(rows[0])).toEqual(['classes:class']);
    expect(rows[1].errors).toEqual([]);
    expect(rows[2].errors).toEqual([]);
    expect(codes(rows[3])).toEqual(['classes:classFull']);
  });

  it('checks the card template kind and dates', () => {
    const rows = checkStudentRows(
      [
        row({ card: '48 lessons' }),
        row({ name: 'P', card: 'Quarter pass', hours: 10 }),
        row({ name: 'Q', card: 'Quarter pass', cardStart: '2026/9/1' }),
        row({ name: 'R', card: 'Gold', hours: 2 }),
        row({ name: 'S', hours: 2 }),
        row({ name: 'T', card: '48 lessons', hours: 2, cardStart: '2026-11-24' }),
        row({ name: 'U', card: '48 lessons', hours: 2, cardStart: '2025-01-01' }),
        row({ name: 'V', card: '48 lessons', hours: 2, cardStart: '2026-10-01', cardExpiry: '2026-09-01' }),
        row({ name: 'W', card: '48 lessons', hours: 0 }),
      ],
      scope,
    );
    expect(rows.map(codes)).toEqual([
      ['hours:hoursRequired'],
      ['hours:periodHours'],
      [],
      ['card:template'],
      ['card:templateMissing'],
      ['cardStart:futureStart'],
      ['cardExpiry:expired'],
      ['cardExpiry:expiryBeforeStart'],
      ['hours:min'],
    ]);
    expect(rows[2].value?.card).toEqual({ templateId: 101, hours: undefined, startDate: '2026-09-01', expiryDate: '2026-11-30' });
  });

  it('reports duplicates within the file (same name and mobile) and against existing students', () => {
    const rows = checkStudentRows([row(), row({ name: 'wang  yu' }), row({ mobile: '13912345679' }), row({ name: 'Old Student', mobile: '139 0000 0000' })], scope);
    expect(codes(rows[1])).toEqual(['mobile:dupFile']);
    expect(rows[1].errors[0].values).toEqual({ row: 2 });
    expect(rows[2].errors).toEqual([]);
    expect(codes(rows[3])).toEqual(['mobile:dupStudent']);
  });

  it("refuses the template's example row left in the file", () => {
    const [r] = checkStudentRows([row({ name: '王小雨', mobile: '13912345678' })], scope);
    expect(codes(r)).toEqual(['name:example']);
  });

  it('names the sheet row of each record', () => {
    const rows = checkStudentRows([{ ...row(), rowNo: 7 }, { ...row(), rowNo: 9 }], scope);
    expect(rows.map((r) => r.rowNo)).toEqual([7, 9]);
    expect(rows[1].errors[0]).toEqual({ field: 'mobile', code: 'dupFile', values: { row: 7 } });
  });

  it('a row has a value exactly when it has no error, and that value is a valid import body (property)', () => {
    const cell = fc.oneof(fc.constant(undefined), fc.constantFrom('', 'North Campus', 'Ballet A', '48 lessons', 'Quarter pass', '2026-11-01', '2027-02-30', 'female', 'x'), fc.double({ min: -5, max: 50, noNaN: true }));
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.constantFrom('', 'A', 'B'), mobile: fc.constantFrom('13912345678', '1391', 13912345670), gender: cell, campus: cell, classes: cell, card: cell, hours: cell, cardStart: cell, birthday: cell }), { maxLength: 6 }), (rows) => {
        for (const r of checkStudentRows(rows, scope)) {
          expect(r.value === undefined).toBe(r.errors.length > 0);
          if (r.value) expect(StudentImportRowBody.safeParse(r.value).success).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('lead import rows', () => {
  const leadScope: LeadImportScope = {
    today: TODAY,
    campuses: [{ id: 1, name: 'North Campus' }],
    owners: [
      { value: 5, label: 'Li Hao' },
      { value: 3, label: 'Chen Jia' },
    ],
    self: { id: 5, name: 'Li Hao' },
    assignAny: false,
    existing: [
      { name: 'Zhao', mobile: '13700000001', ownerName: 'Chen Jia' },
      { name: 'Qian', mobile: '13700000002' },
    ],
  };
  const lead = (over: Record<string, string | number | undefined> = {}) => ({ name: 'Li Si', mobile: '13712345678', campus: 'North Campus', source: 'referral', ...over });

  it('defaults the intention to C and the owner to the caller', () => {
    const [r] = checkLeadRows([lead({ age: '7' })], leadScope);
    expect(r.errors).toEqual([]);
    expect(r.value).toMatchObject({ intention: 'C', ownerId: 5, campusId: 1, age: 7, source: 'referral' });
  });

  it('lets sales name only themselves; managers anyone, or the pool for rows without an owner', () => {
    expect(codes(checkLeadRows([lead({ owner: 'Chen Jia' })], leadScope)[0])).toEqual(['owner:ownerSelf']);
    expect(codes(checkLeadRows([lead({ owner: 'Nobody' })], leadScope)[0])).toEqual(['owner:owner']);
    const mgr = { ...leadScope, assignAny: true, pool: true, self: { id: 3, name: 'Chen Jia' } };
    const [named, pooled] = checkLeadRows([lead({ owner: 'li hao' }), lead({ mobile: '13712345679' })], mgr);
    expect(named.value?.ownerId).toBe(5);
    expect(pooled.value?.ownerId).toBe(0);
  });

  it('reports duplicate mobiles in the file and against existing leads (naming the owner or the pool)', () => {
    const rows = checkLeadRows([lead(), lead({ name: 'Other' }), lead({ mobile: '137-0000-0001' }), lead({ mobile: '13700000002' })], leadScope);
    expect(codes(rows[1])).toEqual(['mobile:dupFile']);
    expect(rows[2].errors[0]).toEqual({ field: 'mobile', code: 'dupLead', values: { name: 'Zhao', owner: 'Chen Jia' } });
    expect(rows[3].errors[0].values).toEqual({ name: 'Qian', owner: 'the pool' });
  });

  it('checks the fields with the create schema: source, intention, age, next follow-up', () => {
    const [r] = checkLeadRows([lead({ source: 'tv', intention: 'E', age: 7.5, nextFollowUpAt: '2026-11-01', gender: 'm' })], leadScope);
    expect(codes(r).sort()).toEqual(['age:integer', 'gender:oneOf', 'intention:oneOf', 'nextFollowUpAt:nextPast', 'source:oneOf']);
  });
});

describe('sheet reading helpers', () => {
  it('maps headers of either language (a trailing * ignored) and replaces labels by codes', () => {
    const recs = recordsOf(STUDENT_COLUMNS, ['姓名 *', 'Mobile *', '性别', 'Extra'], [['王', 13912345678, '女', 'x']]);
    expect(recs[0]).toMatchObject({ name: '王', mobile: 13912345678, gender: '女', campus: undefined });
    expect(normalizeEnums(recs, listAliases())[0].gender).toBe('female');
    const leads = normalizeEnums([{ source: '转介绍', intention: 'a · very likely', gender: 'M' }, { source: 'Phone call', intention: 'B', gender: 'x' }], listAliases());
    expect(leads).toEqual([
      { source: 'referral', intention: 'A', gender: 'male' },
      { source: 'phone', intention: 'B', gender: 'x' },
    ]);
  });

  it('every message exists in both languages, and an error reads with its column label', () => {
    for (const m of Object.values(IMPORT_MESSAGES)) expect(m.en && m.zh).toBeTruthy();
    const t = (k: string, v?: Record<string, string | number>) => IMPORT_MESSAGES[k].en.replace(/\{(\w+)\}/g, (_, x: string) => String(v?.[x]));
    expect(errorText({ field: 'mobile', code: 'mobile' }, t)).toBe('Mobile must be an 11-digit mobile number starting with 1.');
  });
});
