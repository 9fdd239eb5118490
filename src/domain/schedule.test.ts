import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clashesBlock, detectClashes, isOpenForBooking, generateLessons, holidayOf, overlaps, rollCallStateOf, slotProblems, type ClashLesson } from './schedule';
import { weekdayOf } from '@/utils/dates';
import type { Weekday } from '@/utils/dates';

const base: ClashLesson = {
  className: 'Ballet A',
  teacherId: 1,
  teacherName: 'Wang',
  roomId: 10,
  roomName: 'Studio A',
  date: '2026-11-23',
  start: '18:00',
  end: '19:00',
  studentIds: [100, 101],
};

describe('overlaps', () => {
  it('treats touching ends as free and any shared minute as a clash', () => {
    expect(overlaps('18:00', '19:00', '19:00', '20:00')).toBe(false);
    expect(overlaps('18:00', '19:00', '18:59', '20:00')).toBe(true);
    expect(overlaps('18:00', '19:00', '17:00', '18:00')).toBe(false);
    expect(overlaps('18:00', '19:00', '18:15', '18:45')).toBe(true);
  });
});

describe('holidays', () => {
  it('knows the fixed and lunar public holidays', () => {
    expect(holidayOf('2026-01-01')).toBe('newYear');
    expect(holidayOf('2026-05-03')).toBe('labourDay');
    expect(holidayOf('2026-10-07')).toBe('nationalDay');
    expect(holidayOf('2026-02-17')).toBe('springFestival'); // lunar new year 2026
    expect(holidayOf('2026-02-16')).toBe('springFestival'); // new year's eve
    expect(holidayOf('2026-09-25')).toBe('midAutumn');
    expect(holidayOf('2026-06-19')).toBe('dragonBoat');
    expect(holidayOf('2026-04-05')).toBe('qingming');
    expect(holidayOf('2026-11-23')).toBeUndefined();
  });
});

describe('generateLessons', () => {
  it('creates one lesson per slot on the chosen weekdays (1 = Monday … 7 = Sunday) over the range', () => {
    const r = generateLessons('2026-11-23', '2026-12-20', [
      { weekday: 1, start: '18:00', end: '19:00' },
      { weekday: 7, start: '09:00', end: '10:30' },
    ]);
    expect(r.lessons).toHaveLength(8);
    expect(r.lessons[0]).toEqual({ date: '2026-11-23', start: '18:00', end: '19:00' });
    expect(r.lessons[1]).toEqual({ date: '2026-11-29', start: '09:00', end: '10:30' });
    expect(r.lessons.every((l) => [1, 7].includes(weekdayOf(l.date)))).toBe(true);
  });

  it('skips holidays and reports them', () => {
    const r = generateLessons('2026-09-28', '2026-10-11', [{ weekday: 4, start: '18:00', end: '19:00' }], holidayOf);
    expect(r.lessons.map((l) => l.date)).toEqual(['2026-10-08']);
    expect(r.skipped).toEqual([{ date: '2026-10-01', holiday: 'nationalDay' }]);
  });

  it('orders several slots of a day by time', () => {
    const r = generateLessons('2026-11-23', '2026-11-23', [
      { weekday: 1, start: '19:00', end: '20:00' },
      { weekday: 1, start: '09:00', end: '10:00' },
    ]);
    expect(r.lessons.map((l) => l.start)).toEqual(['09:00', '19:00']);
  });

  it('property: every lesson falls on a chosen weekday, inside the range, never on a holiday', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 60 }), fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }), (offset, len, days) => {
        const start = new Date(2026, 0, 1 + offset);
        const s = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
        const endD = new Date(start.getFullYear(), start.getMonth(), start.getDate() + len);
        const e = `${endD.getFullYear()}-${String(endD.getMonth() + 1).padStart(2, '0')}-${String(endD.getDate()).padStart(2, '0')}`;
        const r = generateLessons(s, e, days.map((d) => ({ weekday: d as Weekday, start: '10:00', end: '11:00' })), holidayOf);
        for (const l of r.lessons) {
          expect(days).toContain(weekdayOf(l.date));
          expect(l.date >= s && l.date <= e).toBe(true);
          expect(holidayOf(l.date)).toBeUndefined();
        }
        // every matching day is either a lesson or a skipped holiday
        const matching = Array.from({ length: len + 1 }, (_, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i)).filter((d) =>
          days.includes(d.getDay() === 0 ? 7 : d.getDay()),
        ).length;
        expect(r.lessons.length + r.skipped.length).toBe(matching);
      }),
      { numRuns: 40 },
    );
  });
});

describe('slotProblems', () => {
  it('refuses no slots, bad weekdays, bad times, end before start, overlapping slots', () => {
    expect(slotProblems([])).toEqual(['noSlots']);
    expect(slotProblems([{ weekday: 8 as Weekday, start: '10:00', end: '11:00' }])).toEqual(['badWeekday']);
    expect(slotProblems([{ weekday: 1, start: '25:00', end: '11:00' }])).toEqual(['badTime']);
    expect(slotProblems([{ weekday: 1, start: '11:00', end: '10:00' }])).toEqual(['endBeforeStart']);
    expect(
      slotProblems([
        { weekday: 1, start: '10:00', end: '11:00' },
        { weekday: 1, start: '10:30', end: '11:30' },
      ]),
    ).toEqual(['slotsOverlap']);
    expect(slotProblems([{ weekday: 1, start: '10:00', end: '11:00' }])).toEqual([]);
  });
});

describe('detectClashes', () => {
  it('lists teacher, room and every shared student', () => {
    const existing: ClashLesson = { ...base, id: 7, className: 'Jazz B', start: '18:30', end: '19:30', studentIds: [101, 100, 200] };
    const clashes = detectClashes([base], [existing], (id) => `S${id}`);
    expect(clashes.map((c) => `${c.kind}:${c.who}`)).toEqual(['teacher:Wang', 'room:Studio A', 'student:S100', 'student:S101']);
    expect(clashes[0]).toMatchObject({ date: '2026-11-23', start: '18:00', end: '19:00', className: 'Ballet A', otherLessonId: 7, otherClassName: 'Jazz B', otherStart: '18:30', otherEnd: '19:30' });
  });

  it('ignores other days, touching times, cancelled lessons, and the lesson being moved', () => {
    const other = { ...base, id: 8 };
    expect(detectClashes([base], [{ ...other, date: '2026-11-24' }])).toEqual([]);
    expect(detectClashes([base], [{ ...other, start: '19:00', end: '20:00' }])).toEqual([]);
    expect(detectClashes([base], [{ ...other, status: 'cancelled' }])).toEqual([]);
    expect(detectClashes([{ ...base, id: 8 }], [other])).toEqual([]);
  });

  it('finds clashes inside the batch itself', () => {
    const clashes = detectClashes([base, { ...base, roomId: 11, roomName: 'B', teacherId: 2, teacherName: 'Li', studentIds: [101] }], []);
    expect(clashes.map((c) => c.kind)).toEqual(['student']);
    expect(clashes[0].otherLessonId).toBeUndefined();
  });

  it('blocks on teacher or student clashes; room clashes only unless overridden', () => {
    const room = detectClashes([{ ...base, studentIds: [] }], [{ ...base, id: 9, teacherId: 5, studentIds: [] }]);
    expect(room.map((c) => c.kind)).toEqual(['room']);
    expect(clashesBlock(room, false)).toBe(true);
    expect(clashesBlock(room, true)).toBe(false);
    const teacher = detectClashes([{ ...base, studentIds: [] }], [{ ...base, id: 9, roomId: 99, studentIds: [] }]);
    expect(clashesBlock(teacher, true)).toBe(true);
    expect(clashesBlock([], false)).toBe(false);
  });

  it('stays fast for a full week of a large campus (300+ lessons)', () => {
    const lessons: ClashLesson[] = [];
    for (let i = 0; i < 350; i += 1) {
      lessons.push({ ...base, id: i + 1, teacherId: i % 60, roomId: i % 40, date: `2026-11-${String(23 + (i % 7)).padStart(2, '0')}`, start: `${String(8 + (i % 12)).padStart(2, '0')}:00`, end: `${String(9 + (i % 12)).padStart(2, '0')}:00`, studentIds: [i * 3, i * 3 + 1, i * 3 + 2] });
    }
    const t0 = performance.now();
    detectClashes(lessons.map((l) => ({ ...l, id: undefined })), lessons);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe('rollCallStateOf', () => {
  it('is done once roll-called, waiting when held and not called, notDue in the future or cancelled', () => {
    expect(rollCallStateOf({ status: 'finished', date: '2026-11-01', rollCalledAt: '2026-11-01 20:00:00' }, '2026-11-21')).toBe('done');
    expect(rollCallStateOf({ status: 'scheduled', date: '2026-11-21' }, '2026-11-21')).toBe('waiting');
    expect(rollCallStateOf({ status: 'scheduled', date: '2026-11-22' }, '2026-11-21')).toBe('notDue');
    expect(rollCallStateOf({ status: 'cancelled', date: '2026-11-20' }, '2026-11-21')).toBe('notDue');
  });
});

describe('isOpenForBooking', () => {
  const l = { status: 'scheduled' as const, date: '2026-11-21', start: '18:30' };
  it.each([
    [l, '2026-11-21 18:29', true],
    [l, '2026-11-21 18:30', false],
    [l, '2026-11-20 23:00', true],
    [l, '2026-11-22 08:00', false],
    [{ ...l, status: 'cancelled' as const }, '2026-11-20 08:00', false],
    [{ ...l, rollCalledAt: '2026-11-20 10:00:00' }, '2026-11-20 08:00', false],
  ])('%o at %s → %s', (lesson, now, open) => {
    expect(isOpenForBooking(lesson, now)).toBe(open);
  });
});
