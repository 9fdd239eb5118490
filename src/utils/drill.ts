/**
 * Drill-down links of the analysis (docs/rules.md#analysis-metrics): which list screen (and list call) shows the records of a
 * figure, and the URL parameters that carry its filter. The list screens read these parameters back
 * (`drillFromSearch`) and send them with their list call; the mock's lists apply them (mock/domains/analysis.ts).
 */
import type { DrillKind, DrillParams } from '@/types/analysis';

export const DRILL_PARAM_KEYS = ['drill', 'from', 'to', 'campus', 'teacher', 'class', 'template', 'seller', 'owner'] as const;

interface DrillTarget {
  /** Screen path, with its own fixed query (e.g. the tab). */
  screen: string;
  /** The list call of that screen. */
  api: string;
  /**
   * Numeric fields summed beside the total, and whether the list's sign is reversed (consumption is negative);
   * `label` names the sum when the field's name alone would not say what it counts (student-hours or lesson hours).
   */
  sums: { field: string; negate?: boolean; unit: 'hours' | 'money' | 'count'; label?: 'studentHours' | 'lessonHours' }[];
}

const TARGETS: Record<DrillKind, DrillTarget> = {
  consumed: { screen: '/student/list?tab=class-card-record', api: '/v2/hour_record', sums: [{ field: 'hours', negate: true, unit: 'hours', label: 'studentHours' }, { field: 'amount', negate: true, unit: 'money' }] },
  refund: { screen: '/student/list?tab=class-card-record', api: '/v2/hour_record', sums: [{ field: 'amount', negate: true, unit: 'money' }] },
  sales: { screen: '/student/list?tab=class-card-op', api: '/v2/card_order', sums: [{ field: 'amount', unit: 'money' }] },
  active: { screen: '/student/list?tab=StudentList', api: '/v2/student', sums: [] },
  new: { screen: '/student/list?tab=StudentList', api: '/v2/student', sums: [] },
  renewing: { screen: '/student/list?tab=StudentList', api: '/v2/student', sums: [] },
  renewDue: { screen: '/student/list?tab=StudentList', api: '/v2/student', sums: [] },
  renewed: { screen: '/student/list?tab=StudentList', api: '/v2/student', sums: [] },
  holding: { screen: '/student/list?tab=class-card-list', api: '/v2/student_card', sums: [{ field: 'remainingHours', unit: 'hours' }] },
  expiring: { screen: '/student/list?tab=class-card-list', api: '/v2/student_card', sums: [{ field: 'remainingHours', unit: 'hours' }] },
  exhausted: { screen: '/student/list?tab=class-card-list', api: '/v2/student_card', sums: [] },
  marked: { screen: '/schedule/class-record', api: '/v2/lesson', sums: [{ field: 'presentMarks', unit: 'count' }, { field: 'markedCount', unit: 'count' }] },
  taught: { screen: '/schedule/class-record', api: '/v2/lesson', sums: [{ field: 'hours', unit: 'hours', label: 'lessonHours' }] },
  fill: { screen: '/school/class', api: '/v2/company_class', sums: [{ field: 'studentCount', unit: 'count' }, { field: 'capacity', unit: 'count' }] },
  leads: { screen: '/customer', api: '/v2/customer', sums: [] },
  converted: { screen: '/customer', api: '/v2/customer', sums: [] },
};

export function drillTarget(kind: DrillKind): DrillTarget {
  return TARGETS[kind];
}

/** The list call a drill-down opens. */
export function drillListPath(kind: DrillKind): string {
  return TARGETS[kind].api;
}

/** The screen URL of a drill-down: the list screen with the filter in its query. */
export function drillUrl(d: DrillParams): string {
  const target = TARGETS[d.drill].screen;
  const [path, fixed] = target.split('?');
  const q = new URLSearchParams(fixed ?? '');
  for (const k of DRILL_PARAM_KEYS) {
    const v = d[k];
    if (v !== undefined && v !== '') q.set(k, String(v));
  }
  return `${path}?${q.toString()}`;
}

/** The drill-down filter in a screen's URL, as list-query parameters; undefined when there is none. */
export function drillFromSearch(search: URLSearchParams): Record<string, string> | undefined {
  const kind = search.get('drill');
  if (!kind || !(kind in TARGETS)) return undefined;
  const out: Record<string, string> = {};
  for (const k of DRILL_PARAM_KEYS) {
    const v = search.get(k);
    if (v) out[k] = v;
  }
  return out;
}

/** The same URL without the drill-down filter (the "show all" link of a drilled list). */
export function withoutDrill(search: URLSearchParams): string {
  const q = new URLSearchParams(search);
  for (const k of DRILL_PARAM_KEYS) q.delete(k);
  return q.toString();
}
