import { describe, expect, it } from 'vitest';
import { IMAGE, layoutTimetable, timetableRows } from './components/timetable';
import type { Lesson } from '@/types/schedule';

const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const lesson = (id: number, date: string, start: string, end: string, status: Lesson['status'] = 'scheduled'): Lesson =>
  ({ id, date, start, end, status, className: `C${id}`, teacherName: 'T', roomName: 'R' }) as Lesson;

describe('timetable rows and layout', () => {
  it('groups lessons by time slot and day, skipping cancelled and out-of-week lessons', () => {
    const rows = timetableRows(days, [
      lesson(1, '2026-11-23', '18:30', '19:30'),
      lesson(2, '2026-11-29', '09:00', '10:30'),
      lesson(3, '2026-11-23', '18:30', '19:30'),
      lesson(4, '2026-11-24', '18:30', '19:30', 'cancelled'),
      lesson(5, '2026-11-30', '18:30', '19:30'),
    ]);
    expect(rows.map((r) => `${r.start}-${r.end}`)).toEqual(['09:00-10:30', '18:30-19:30']);
    expect(rows[1].cells[0].map((l) => l.id)).toEqual([1, 3]);
    expect(rows[0].cells[6].map((l) => l.id)).toEqual([2]);
    expect(rows[1].cells[1]).toEqual([]);
  });

  it('sizes the image from the busiest cell of each row', () => {
    const rows = timetableRows(days, [lesson(1, '2026-11-23', '18:30', '19:30'), lesson(2, '2026-11-23', '18:30', '19:30'), lesson(3, '2026-11-25', '09:00', '10:00')]);
    const layout = layoutTimetable(rows);
    expect(layout.width).toBe(IMAGE.timeCol + 7 * IMAGE.dayCol);
    const one = 3 * IMAGE.lineH + 2 * IMAGE.pad;
    expect(layout.rowHeights).toEqual([Math.max(IMAGE.minRowH, one), 2 * (3 * IMAGE.lineH + IMAGE.lessonGap) + 2 * IMAGE.pad - IMAGE.lessonGap]);
    expect(layout.height).toBe(IMAGE.titleH + IMAGE.headH + layout.rowHeights[0] + layout.rowHeights[1]);
  });

  it('handles a large week (350 lessons) quickly', () => {
    const many = Array.from({ length: 350 }, (_, i) => lesson(i, days[i % 7], `${String(8 + (i % 12)).padStart(2, '0')}:00`, `${String(9 + (i % 12)).padStart(2, '0')}:00`));
    const t0 = performance.now();
    const rows = timetableRows(days, many);
    layoutTimetable(rows);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(rows.reduce((s, r) => s + r.cells.flat().length, 0)).toBe(350);
  });
});
