/**
 * The week timetable as rows of time slots × 7 days (DrawTable and DrawImage share it), and its drawing on a plain
 * canvas (no dependency). Pure layout; `drawTimetable` only paints what `layoutTimetable` measured.
 */
import type { Lesson } from '@/types/schedule';

export interface SlotRow {
  start: string;
  end: string;
  /** Lessons per day index 0..6 (Monday first). */
  cells: Lesson[][];
}

/** Distinct start–end slots of the week, in time order, with that slot's lessons per day. */
export function timetableRows(days: string[], lessons: Lesson[]): SlotRow[] {
  const map = new Map<string, SlotRow>();
  for (const l of lessons) {
    if (l.status === 'cancelled') continue;
    const d = days.indexOf(l.date);
    if (d < 0) continue;
    const key = `${l.start}-${l.end}`;
    const row = map.get(key) ?? { start: l.start, end: l.end, cells: days.map(() => []) };
    row.cells[d].push(l);
    map.set(key, row);
  }
  return [...map.values()].sort((a, b) => (a.start + a.end).localeCompare(b.start + b.end));
}

export const IMAGE = {
  timeCol: 120,
  dayCol: 180,
  titleH: 56,
  headH: 44,
  lineH: 18,
  lessonGap: 8,
  pad: 8,
  minRowH: 48,
  font: '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
} as const;

export interface TimetableLayout {
  width: number;
  height: number;
  rowHeights: number[];
}

/** Size of the image: three lines per lesson (class, teacher, room). */
export function layoutTimetable(rows: SlotRow[]): TimetableLayout {
  const rowHeights = rows.map((r) => {
    const most = Math.max(1, ...r.cells.map((c) => c.length));
    return Math.max(IMAGE.minRowH, most * (3 * IMAGE.lineH + IMAGE.lessonGap) + IMAGE.pad * 2 - IMAGE.lessonGap);
  });
  const body = rowHeights.reduce((s, h) => s + h, 0) || IMAGE.minRowH;
  return { width: IMAGE.timeCol + IMAGE.dayCol * 7, height: IMAGE.titleH + IMAGE.headH + body, rowHeights };
}

function fit(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let s = text;
  while (s.length > 1 && ctx.measureText(`${s}…`).width > max) s = s.slice(0, -1);
  return `${s}…`;
}

export interface DrawLabels {
  title: string;
  time: string;
  dayHeads: string[];
  empty: string;
}

/** Paints the timetable at `scale` (2 = sharp on high-density screens). The canvas is resized to fit. */
export function drawTimetable(canvas: HTMLCanvasElement, rows: SlotRow[], labels: DrawLabels, scale = 2): TimetableLayout {
  const layout = layoutTimetable(rows);
  canvas.width = layout.width * scale;
  canvas.height = layout.height * scale;
  const ctx = canvas.getContext('2d');
  if (!ctx) return layout;
  ctx.scale(scale, scale);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, layout.width, layout.height);
  // Title band.
  ctx.fillStyle = '#05C7BE';
  ctx.fillRect(0, 0, layout.width, IMAGE.titleH);
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold 22px ${IMAGE.font}`;
  ctx.textBaseline = 'middle';
  ctx.fillText(fit(ctx, labels.title, layout.width - 32), 16, IMAGE.titleH / 2);
  // Header row.
  const top = IMAGE.titleH;
  ctx.fillStyle = '#e6fffb';
  ctx.fillRect(0, top, layout.width, IMAGE.headH);
  ctx.fillStyle = '#1f1f1f';
  ctx.font = `bold 15px ${IMAGE.font}`;
  ctx.fillText(labels.time, IMAGE.pad, top + IMAGE.headH / 2);
  labels.dayHeads.forEach((h, i) => ctx.fillText(fit(ctx, h, IMAGE.dayCol - 2 * IMAGE.pad), IMAGE.timeCol + i * IMAGE.dayCol + IMAGE.pad, top + IMAGE.headH / 2));
  // Body.
  let y = top + IMAGE.headH;
  ctx.textBaseline = 'top';
  if (!rows.length) {
    ctx.font = `15px ${IMAGE.font}`;
    ctx.fillStyle = '#8c8c8c';
    ctx.fillText(labels.empty, IMAGE.timeCol + IMAGE.pad, y + IMAGE.pad);
  }
  rows.forEach((r, ri) => {
    const h = layout.rowHeights[ri];
    if (ri % 2 === 1) {
      ctx.fillStyle = '#fafafa';
      ctx.fillRect(0, y, layout.width, h);
    }
    ctx.fillStyle = '#1f1f1f';
    ctx.font = `bold 14px ${IMAGE.font}`;
    ctx.fillText(`${r.start}–${r.end}`, IMAGE.pad, y + IMAGE.pad);
    r.cells.forEach((cell, di) => {
      const x = IMAGE.timeCol + di * IMAGE.dayCol + IMAGE.pad;
      let ly = y + IMAGE.pad;
      for (const l of cell) {
        ctx.fillStyle = '#05C7BE';
        ctx.fillRect(x - 4, ly, 3, 3 * IMAGE.lineH - 2);
        ctx.fillStyle = '#1f1f1f';
        ctx.font = `bold 14px ${IMAGE.font}`;
        ctx.fillText(fit(ctx, l.className, IMAGE.dayCol - 2 * IMAGE.pad), x, ly);
        ctx.font = `13px ${IMAGE.font}`;
        ctx.fillStyle = '#434343';
        ctx.fillText(fit(ctx, l.teacherName, IMAGE.dayCol - 2 * IMAGE.pad), x, ly + IMAGE.lineH);
        ctx.fillStyle = '#8c8c8c';
        ctx.fillText(fit(ctx, l.roomName, IMAGE.dayCol - 2 * IMAGE.pad), x, ly + 2 * IMAGE.lineH);
        ly += 3 * IMAGE.lineH + IMAGE.lessonGap;
      }
    });
    y += h;
  });
  // Grid lines.
  ctx.strokeStyle = '#d9d9d9';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let i = 0; i <= 7; i += 1) {
    const x = IMAGE.timeCol + i * IMAGE.dayCol - 0.5;
    ctx.moveTo(x, top);
    ctx.lineTo(x, layout.height);
  }
  let gy = top + IMAGE.headH;
  ctx.moveTo(0, gy - 0.5);
  ctx.lineTo(layout.width, gy - 0.5);
  for (const h of layout.rowHeights) {
    gy += h;
    ctx.moveTo(0, gy - 0.5);
    ctx.lineTo(layout.width, gy - 0.5);
  }
  ctx.stroke();
  return layout;
}
