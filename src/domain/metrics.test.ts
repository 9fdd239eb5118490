import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { HourRecordType } from '@/types/school';
import {
  activeStudentsOn,
  balanceIndex,
  addDay,
  attendance,
  classFill,
  consumedHours,
  consumedValue,
  daysOf,
  inRange,
  leadConversion,
  newStudents,
  previousRange,
  rangeDays,
  ratio,
  renewalDueStudents,
  renewalCohort,
  renewalRate,
  renewalWindow,
  renewingStudents,
  salesBySeller,
  teacherLoad,
  trend,
} from './metrics';

const R = { start: '2026-05-01', end: '2026-05-31' };

describe('ranges', () => {
  it('previous period: the same days of the previous month for a month range, else as long and just before', () => {
    expect(previousRange(R)).toEqual({ start: '2026-04-01', end: '2026-04-30' });
    expect(previousRange({ start: '2026-03-01', end: '2026-03-31' })).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(previousRange({ start: '2026-03-01', end: '2026-03-30' })).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(previousRange({ start: '2026-11-01', end: '2026-11-23' })).toEqual({ start: '2026-10-01', end: '2026-10-23' });
    expect(previousRange({ start: '2026-01-01', end: '2026-01-15' })).toEqual({ start: '2025-12-01', end: '2025-12-15' });
    expect(previousRange({ start: '2026-05-02', end: '2026-05-31' })).toEqual({ start: '2026-04-02', end: '2026-05-01' });
    expect(previousRange({ start: '2026-05-01', end: '2026-06-01' })).toEqual({ start: '2026-03-30', end: '2026-04-30' });
    expect(rangeDays(R)).toBe(31);
    expect(daysOf({ start: '2026-02-27', end: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(inRange('2026-05-31 23:59:00', R)).toBe(true);
    expect(inRange('2026-06-01 00:00:00', R)).toBe(false);
  });
  it('property: previous range ends before the range; adjacent and as long unless a month range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 400 }), (offset, len) => {
        const start = addDay('2020-01-01', offset);
        const r = { start, end: addDay(start, len) };
        const p = previousRange(r);
        if (p.end >= r.start || p.start > p.end) return false;
        const monthRange = start.endsWith('-01') && r.end.slice(0, 7) === start.slice(0, 7);
        if (!monthRange) return rangeDays(p) === rangeDays(r) && addDay(p.end, 1) === r.start;
        // The previous month, from its 1st, at most as long, and to its end when the range is the whole month.
        const prevMonth = addDay(start, -1).slice(0, 7);
        const whole = addDay(r.end, 1).endsWith('-01');
        return p.start === `${prevMonth}-01` && p.end.slice(0, 7) === prevMonth && rangeDays(p) <= rangeDays(r) && (!whole || addDay(p.end, 1) === start);
      }),
    );
  });
  it('ratio and trend', () => {
    expect(ratio(1, 3)).toBe(0.3333);
    expect(ratio(1, 0)).toBe(0);
    expect(trend(12, 10)).toBe(0.2);
    expect(trend(5, 0)).toBeUndefined();
  });
});

describe('consumption', () => {
  const rec = (type: HourRecordType, hours: number, amount = hours * 100) => ({ type, hours, amount });
  it('counts reduce, truant, leave, diy and proof; not sales, gifts, returns or failures', () => {
    const rs = [rec('reduce', -2), rec('truant', -1.5), rec('leave', 0), rec('diy', -1), rec('proof', 1), rec('add', 10), rec('give', 2), rec('backing', -3), rec('back', -2), rec('fail', 0)];
    expect(consumedHours(rs)).toBe(3.5);
    expect(consumedValue(rs)).toBe(350);
  });
  it('property: consumed hours is the negated sum of the consuming records, whatever else is there', () => {
    const types: HourRecordType[] = ['reduce', 'truant', 'leave', 'diy', 'proof', 'add', 'give', 'backing', 'back', 'fail', 'back_reject'];
    fc.assert(
      fc.property(fc.array(fc.record({ type: fc.constantFrom(...types), tenths: fc.integer({ min: -100, max: 100 }) })), (xs) => {
        const rs = xs.map((x) => rec(x.type, x.tenths / 10));
        const expected = -xs.filter((x) => ['reduce', 'truant', 'leave', 'diy', 'proof'].includes(x.type)).reduce((s, x) => s + x.tenths, 0) / 10;
        return Math.abs(consumedHours(rs) - expected) < 1e-9;
      }),
    );
  });
});

describe('students', () => {
  const orders = [
    { id: 1, studentId: 1, createdAt: '2026-04-10 10:00:00' },
    { id: 2, studentId: 1, createdAt: '2026-05-03 10:00:00' },
    { id: 3, studentId: 2, createdAt: '2026-05-04 10:00:00' },
    { id: 4, studentId: 3, createdAt: '2026-05-05 10:00:00' },
    { id: 5, studentId: 3, createdAt: '2026-05-20 10:00:00' },
  ];
  it('new students bought their first card in the range; renewing ones a further card; each once', () => {
    expect([...newStudents(orders, R)].sort()).toEqual([2, 3]);
    expect([...renewingStudents(orders, R)].sort()).toEqual([1, 3]);
  });
  it('renewal rate: of the students whose card ended in the range or 30 days before, those who renewed', () => {
    const cards = [
      { id: 10, studentId: 1, expiryDate: '2026-04-05' }, // expired 04-06, in the 30 days before
      { id: 11, studentId: 2, expiryDate: '2026-12-31' },
      { id: 12, studentId: 4, expiryDate: '2026-03-01' }, // too early
    ];
    const records = [{ cardId: 11, hours: -2, balanceAfter: 0, createdAt: '2026-05-10 10:00:00' }];
    const due = renewalDueStudents(cards, records, R);
    expect([...due].sort()).toEqual([1, 2]);
    expect(renewalRate(due, renewingStudents(orders, R))).toEqual({ due: 2, renewed: 1, rate: 0.5 });
  });
  it('the renewal cohort: one definition for the rate, its two lists and their window', () => {
    const cards = [
      { id: 10, studentId: 1, expiryDate: '2026-04-05' },
      { id: 11, studentId: 2, expiryDate: '2026-12-31' },
      { id: 12, studentId: 4, expiryDate: '2026-03-01' },
    ];
    const records = [{ cardId: 11, hours: -2, balanceAfter: 0, createdAt: '2026-05-10 10:00:00' }];
    const renewing = renewingStudents(orders, R);
    const c = renewalCohort(cards, records, renewing, R);
    expect(c.window).toEqual(renewalWindow(R));
    expect([...c.due].sort()).toEqual([1, 2]);
    // Student 3 bought a further card in the range (a renewing student) but is not in the cohort: not "renewed".
    expect([...c.renewed]).toEqual([1]);
    expect(renewalRate(c.due, c.renewed)).toEqual(renewalRate(c.due, renewing));
  });
  it('property: the cohort\'s renewed are exactly its students who bought a further card in the range', () => {
    const order = fc.record({ id: fc.integer({ min: 1, max: 400 }), studentId: fc.integer({ min: 1, max: 12 }), createdAt: fc.constantFrom('2026-03-20 09:00:00', '2026-04-15 09:00:00', '2026-05-02 09:00:00', '2026-05-30 09:00:00', '2026-06-02 09:00:00') });
    const card = fc.record({ id: fc.integer({ min: 1, max: 30 }), studentId: fc.integer({ min: 1, max: 12 }), expiryDate: fc.constantFrom('2026-03-01', '2026-04-05', '2026-05-15', '2026-06-30') });
    fc.assert(
      fc.property(fc.uniqueArray(order, { selector: (o) => o.id, maxLength: 30 }), fc.uniqueArray(card, { selector: (c) => c.id, maxLength: 20 }), (os, cs) => {
        const renewing = renewingStudents(os, R);
        const c = renewalCohort(cs, [], renewing, R);
        for (const id of c.renewed) expect(c.due.has(id) && renewing.has(id)).toBe(true);
        for (const id of c.due) expect(c.renewed.has(id)).toBe(renewing.has(id));
        expect(renewalRate(c.due, c.renewed).renewed).toBe(c.renewed.size);
      }),
    );
  });
  it('property: renewal rate stays within [0, 1]', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 50 })), fc.uniqueArray(fc.integer({ min: 1, max: 50 })), (a, b) => {
        const r = renewalRate(new Set(a), new Set(b));
        return r.rate >= 0 && r.rate <= 1 && r.renewed <= r.due;
      }),
    );
  });
  it('active students hold a started, unexpired, valid card with hours left that day', () => {
    const cards = [
      { id: 1, studentId: 1, kind: 'count' as const, startDate: '2026-01-01', expiryDate: '2026-12-31', status: 'active' as const },
      { id: 2, studentId: 2, kind: 'count' as const, startDate: '2026-01-01', expiryDate: '2026-12-31', status: 'exhausted' as const },
      { id: 3, studentId: 3, kind: 'period' as const, startDate: '2026-05-01', expiryDate: '2026-05-30', status: 'expired' as const },
      { id: 4, studentId: 4, kind: 'count' as const, startDate: '2026-01-01', expiryDate: '2026-12-31', status: 'invalid' as const },
    ];
    const records = [
      { cardId: 1, hours: 10, createdAt: '2026-01-01 09:00:00' },
      { cardId: 2, hours: 4, createdAt: '2026-01-01 09:00:00' },
      { cardId: 2, hours: -4, createdAt: '2026-05-20 09:00:00' },
      { cardId: 4, hours: 4, createdAt: '2026-01-01 09:00:00' },
    ];
    expect([...activeStudentsOn(cards, records, '2026-05-15')].sort()).toEqual([1, 2, 3]);
    expect([...activeStudentsOn(cards, records, '2026-05-31')].sort()).toEqual([1]);
  });
});

describe('attendance, classes, teachers, sales, leads', () => {
  it('attendance rate = present ÷ marks in force', () => {
    const a = attendance([{ mark: 'present' }, { mark: 'present' }, { mark: 'leave' }, { mark: 'truant' }, { mark: 'present', undoneAt: 'x' }]);
    expect(a).toEqual({ present: 2, leave: 1, truant: 1, marked: 4, rate: 0.5 });
  });
  it('property: attendance parts add up and the rate is within [0, 1]', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ mark: fc.constantFrom('present' as const, 'leave' as const, 'truant' as const), undone: fc.boolean() })), (xs) => {
        const a = attendance(xs.map((x) => ({ mark: x.mark, undoneAt: x.undone ? 'x' : undefined })));
        return a.present + a.leave + a.truant === a.marked && a.marked === xs.filter((x) => !x.undone).length && a.rate >= 0 && a.rate <= 1;
      }),
    );
  });
  it('class fill rate over open classes', () => {
    expect(classFill([{ status: 'open', studentCount: 8, capacity: 10 }, { status: 'open', studentCount: 2, capacity: 10 }, { status: 'closed', studentCount: 9, capacity: 9 }])).toEqual({ enrolled: 10, capacity: 20, rate: 0.5 });
  });
  it('teacher load: finished lessons, their hours and the value consumed in them', () => {
    const lessons = [
      { id: 1, teacherId: 7, teacherName: 'A', status: 'finished' as const, hours: 1.5, date: '2026-05-02' },
      { id: 2, teacherId: 7, teacherName: 'A', status: 'scheduled' as const, hours: 1.5, date: '2026-05-03' },
      { id: 3, teacherId: 8, teacherName: 'B', status: 'finished' as const, hours: 2, date: '2026-05-04' },
      { id: 4, teacherId: 8, teacherName: 'B', status: 'finished' as const, hours: 2, date: '2026-04-30' },
    ];
    const at = '2026-05-05 10:00:00';
    const records = [
      { lessonId: 1, type: 'reduce' as const, hours: -1.5, amount: -150, createdAt: at },
      { lessonId: 1, type: 'fail' as const, hours: 0, amount: 0, createdAt: at },
      { lessonId: 2, type: 'reduce' as const, hours: -1.5, amount: -150, createdAt: at },
      { lessonId: 3, type: 'truant' as const, hours: -2, amount: -180, createdAt: at },
      { lessonId: 3, type: 'reduce' as const, hours: -2, amount: -180, createdAt: '2026-06-01 10:00:00' },
    ];
    expect(teacherLoad(lessons, records, R)).toEqual([
      { teacherId: 8, teacherName: 'B', lessons: 1, hours: 2, consumedValue: 180, consumedHours: 2 },
      { teacherId: 7, teacherName: 'A', lessons: 1, hours: 1.5, consumedValue: 150, consumedHours: 1.5 },
    ]);
  });
  it('sales per seller and lead conversion', () => {
    expect(salesBySeller([{ sellerId: 1, sellerName: 'X', amount: 100.1 }, { sellerId: 1, sellerName: 'X', amount: 0.2 }, { sellerId: 2, sellerName: 'Y', amount: 50 }])).toEqual([
      { sellerId: 1, sellerName: 'X', orders: 2, amount: 100.3 },
      { sellerId: 2, sellerName: 'Y', orders: 1, amount: 50 },
    ]);
    expect(leadConversion([{ status: 'formal' }, { status: 'new' }, { status: 'invalid' }, { status: 'formal' }])).toEqual({ total: 4, formal: 2, rate: 0.5 });
  });
});

describe('balance index', () => {
  it('property: the indexed balance on a day equals the sum of the hours dated up to it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cardId: fc.integer({ min: 1, max: 4 }), tenths: fc.integer({ min: -50, max: 50 }), day: fc.integer({ min: 1, max: 28 }) }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 29 }),
        (xs, probe) => {
          const d = (n: number) => `2026-02-${String(n).padStart(2, '0')}`;
          const records = xs.map((x) => ({ cardId: x.cardId, hours: x.tenths / 10, createdAt: `${d(x.day)} 10:00:00` }));
          const at = balanceIndex(records);
          const day = probe === 0 ? '2026-01-31' : d(probe);
          return [1, 2, 3, 4].every((c) => Math.abs(at(c, day) - xs.filter((x) => x.cardId === c && d(x.day) <= day).reduce((s, x) => s + x.tenths, 0) / 10) < 1e-9);
        },
      ),
    );
  });
});

describe('renewal due by expiry', () => {
  it('property: a card is due exactly when the day after its expiry falls in the range or the 30 days before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 300 }), (s, len, e) => {
        const r = { start: addDay('2026-01-01', s), end: addDay('2026-01-01', s + len) };
        const expiryDate = addDay('2025-12-01', e);
        const due = renewalDueStudents([{ id: 1, studentId: 9, expiryDate }], [], r).has(9);
        const after = addDay(expiryDate, 1);
        return due === (after >= addDay(r.start, -30) && after <= r.end);
      }),
    );
  });
});
