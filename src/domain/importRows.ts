/**
 * Excel import of students and leads (issue 9): the columns of the templates and the check of every row, one pure
 * function per entity used by the browser (the preview, before anything is sent) and by the mock backend (the
 * import call checks the same rows again, all or none).
 *
 * A row is checked with the single create's zod schema (`StudentBody`, `LeadBody` through
 * `src/types/import.schemas.ts`) after its names are resolved in the caller's scope (campus, classes, card
 * template, owner), plus row rules: the card template's kind (a count card needs its remaining hours, a period card
 * takes none), card dates (not starting in the future, not already expired), duplicates within the file and
 * against the company's existing students (same name and mobile) or leads (same mobile, docs/rules.md#leads).
 * Every row gets all its errors, so that the file is fixed once. Messages are `imp.err.<code>` with `{field}` the
 * column's label (`imp.col.<key>`), both in IMPORT_MESSAGES (the client's locale parts and the mock's messages).
 */
import type { z } from 'zod';
import { LEAD_INTENTIONS, LEAD_SOURCES } from '@/types/customer';
import { LeadImportRowBody, StudentImportRowBody, type ImportCellValue, type LeadImportValue, type StudentImportValue } from '@/types/import.schemas';
import { addDays, isValidDate } from '@/utils/dates';
import { IMPORT_MESSAGES } from './importMessages';

export { IMPORT_MESSAGES };

export type ImportKind = 'students' | 'leads';

export interface ImportColumn {
  key: string;
  required?: boolean;
  /** A fixed list of values (codes): the template offers them as a drop-down (labels in the user's language). */
  list?: 'gender' | 'intention' | 'source' | 'campus' | 'template' | 'owner';
  /** Example cell of the template's second row. */
  example?: string | number;
  width?: number;
}

export const STUDENT_COLUMNS: ImportColumn[] = [
  { key: 'name', required: true, example: '王小雨', width: 16 },
  { key: 'mobile', required: true, example: '13912345678', width: 16 },
  { key: 'gender', required: true, list: 'gender', width: 10 },
  { key: 'campus', required: true, list: 'campus', width: 18 },
  { key: 'parentName', example: '王先生', width: 14 },
  { key: 'birthday', example: '2016-05-20', width: 14 },
  { key: 'classes', width: 24 },
  { key: 'remark', width: 24 },
  { key: 'card', list: 'template', width: 20 },
  { key: 'hours', example: 24, width: 14 },
  { key: 'cardStart', width: 14 },
  { key: 'cardExpiry', width: 14 },
];

export const LEAD_COLUMNS: ImportColumn[] = [
  { key: 'name', required: true, example: '李思琪', width: 16 },
  { key: 'mobile', required: true, example: '13712345678', width: 16 },
  { key: 'campus', required: true, list: 'campus', width: 18 },
  { key: 'source', required: true, list: 'source', width: 18 },
  { key: 'intention', list: 'intention', width: 16 },
  { key: 'gender', list: 'gender', width: 10 },
  { key: 'age', example: 7, width: 8 },
  { key: 'parentName', example: '李女士', width: 14 },
  { key: 'course', width: 18 },
  { key: 'nextFollowUpAt', width: 16 },
  { key: 'owner', list: 'owner', width: 14 },
  { key: 'remark', width: 24 },
];

export const COLUMNS: Record<ImportKind, ImportColumn[]> = { students: STUDENT_COLUMNS, leads: LEAD_COLUMNS };

export const OPENING_REASON_KEY = 'imp.openingReason';

export type ErrorCode =
  | 'required'
  | 'tooLong'
  | 'number'
  | 'integer'
  | 'decimals'
  | 'min'
  | 'max'
  | 'mobile'
  | 'date'
  | 'oneOf'
  | 'invalid'
  | 'campus'
  | 'class'
  | 'classFull'
  | 'template'
  | 'templateMissing'
  | 'hoursRequired'
  | 'periodHours'
  | 'futureStart'
  | 'expiryBeforeStart'
  | 'expired'
  | 'birthdayFuture'
  | 'dupFile'
  | 'dupStudent'
  | 'dupLead'
  | 'owner'
  | 'ownerSelf'
  | 'nextPast'
  | 'example';

export interface RowError {
  /** The column key. */
  field: string;
  code: ErrorCode;
  values?: Record<string, string | number>;
}

export interface CheckedRow<V> {
  /** Row number in the sheet (the header is row 1): the raw row's `rowNo` when it has one. */
  rowNo: number;
  raw: Record<string, ImportCellValue>;
  errors: RowError[];
  /** The create body of the row (ids resolved) when it has no error. */
  value?: V;
}

/** The text of one error: `t` is the client's `t` or the mock's message function in the caller's language. */
export function errorText(e: RowError, t: (key: string, values?: Record<string, string | number>) => string): string {
  return t(`imp.err.${e.code}`, { field: t(`imp.col.${e.field}`), ...(e.values ?? {}) });
}

/* ------------------------------------------------------------------ cells */

/** A cell as trimmed text ('' when empty); whole numbers without a decimal point (a mobile typed as a number). */
export function cellText(v: ImportCellValue): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'number') return String(v);
  return v.trim();
}

/** A number cell: a number, numeric text as a number, '' as undefined, other text kept (the schema refuses it). */
function cellNumber(v: ImportCellValue): number | string | undefined {
  if (typeof v === 'number') return v;
  const s = cellText(v);
  if (!s) return undefined;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
}

/** A date cell: YYYY-MM-DD, also YYYY/M/D and YYYY.M.D (padded); other text kept (the schema refuses it). */
export function cellDate(v: ImportCellValue): string | undefined {
  const s = cellText(v);
  if (!s) return undefined;
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  return m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : s;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const mobileOf = (v: ImportCellValue) => cellText(v).replace(/[\s-]/g, '');

/** Splits a list cell ("Ballet A, Jazz B" / "芭蕾A、爵士B"). */
export function splitList(s: string): string[] {
  return s
    .split(/[,，、;；\n]/)
    .map((x) => x.trim())
    .filter(Boolean);
}

/**
 * Replaces labels by codes in the fields with fixed values (gender, intention, source): `aliases[field]` maps a
 * lower-cased label (any language) to its code. Unknown text is left as it is (the schema then refuses it).
 */
export function normalizeEnums(rows: Record<string, ImportCellValue>[], aliases: Record<string, Record<string, string>>): Record<string, ImportCellValue>[] {
  return rows.map((r) => {
    const out = { ...r };
    for (const [field, map] of Object.entries(aliases)) {
      const s = cellText(r[field]);
      if (!s) continue;
      out[field] = map[norm(s)] ?? s;
    }
    return out;
  });
}

/** Maps a sheet's header to column keys by title (either language, a trailing `*` ignored); unknown headers are skipped. */
export function recordsOf(columns: ImportColumn[], header: string[], rows: unknown[][]): Record<string, ImportCellValue>[] {
  const clean = (s: string) => norm(s.replace(/\*/g, ''));
  const at = columns.map((c) => {
    const names = [c.key, IMPORT_MESSAGES[`imp.col.${c.key}`]?.en ?? '', IMPORT_MESSAGES[`imp.col.${c.key}`]?.zh ?? ''].map(clean);
    return header.findIndex((h) => names.includes(clean(String(h ?? ''))));
  });
  return rows.map((r) =>
    Object.fromEntries(
      columns.map((c, i) => {
        const v = at[i] >= 0 ? r[at[i]] : undefined;
        const cell: ImportCellValue = typeof v === 'number' || typeof v === 'string' ? v : v === null || v === undefined ? undefined : String(v);
        return [c.key, cell];
      }),
    ),
  );
}

/* ------------------------------------------------------------------ zod issues → row errors */

const FIELD_OF: Record<string, string> = {
  campusId: 'campus',
  classIds: 'classes',
  templateId: 'card',
  startDate: 'cardStart',
  expiryDate: 'cardExpiry',
  ownerId: 'owner',
};

function issueErrors(error: z.ZodError, candidate: Record<string, unknown>): RowError[] {
  const out: RowError[] = [];
  for (const issue of error.issues) {
    const names = issue.path.filter((p): p is string => typeof p === 'string');
    const name = names[names.length - 1] ?? 'name';
    const field = FIELD_OF[name] ?? name;
    if (out.some((e) => e.field === field)) continue;
    let value: unknown = candidate;
    for (const p of issue.path) value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[p] : undefined;
    const key = (issue as { params?: { key?: string } }).params?.key;
    let e: RowError;
    switch (issue.code) {
      case 'invalid_type':
        e = { field, code: value === undefined || value === null ? 'required' : issue.expected === 'int' ? 'integer' : issue.expected === 'number' ? 'number' : 'invalid' };
        break;
      case 'too_small':
        e = issue.origin === 'string' ? { field, code: 'required' } : { field, code: 'min', values: { min: Number(issue.minimum) } };
        break;
      case 'too_big':
        e = issue.origin === 'string' ? { field, code: 'tooLong', values: { max: Number(issue.maximum) } } : { field, code: 'max', values: { max: Number(issue.maximum) } };
        break;
      case 'invalid_value':
        e = { field, code: 'oneOf' };
        break;
      default:
        e = { field, code: key === 'v.mobile' ? 'mobile' : key === 'v.date' ? 'date' : key === 'v.decimals' ? 'decimals' : 'invalid' };
    }
    out.push(e);
  }
  return out;
}

/** True when a row is the template's example row left in the file (same name and mobile). */
function isExample(columns: ImportColumn[], name: string, mobile: string): boolean {
  const ex = (key: string) => String(columns.find((c) => c.key === key)?.example ?? '');
  return name === ex('name') && mobile === ex('mobile');
}

/* ------------------------------------------------------------------ students */

export interface StudentImportScope {
  today: string;
  /** Campuses the caller may add students to. */
  campuses: { id: number; name: string }[];
  /** Classes of those campuses, with the places left. */
  classes: { id: number; name: string; campusId: number; free: number }[];
  templates: { id: number; name: string; kind: 'count' | 'period'; validDays: number }[];
  /** Existing students of the company whose mobile is in the file (or all of them). */
  existing: { name: string; mobile: string }[];
}

/** Checks every student row (see the file comment); `value` is the row's import body when it has no error. */
export function checkStudentRows(rows: Record<string, ImportCellValue>[], scope: StudentImportScope, firstRowNo = 2): CheckedRow<StudentImportValue>[] {
  const key = (name: string, mobile: string) => `${norm(name)}|${mobile}`;
  const existing = new Set(scope.existing.map((s) => key(s.name, s.mobile)));
  const firstRow = new Map<string, number>();
  const campusByName = new Map(scope.campuses.map((c) => [norm(c.name), c]));
  const templateByName = new Map(scope.templates.map((tp) => [norm(tp.name), tp]));
  const taken = new Map<number, number>();
  return rows.map((raw, i) => {
    const rowNo = typeof raw.rowNo === 'number' ? raw.rowNo : firstRowNo + i;
    const errors: RowError[] = [];
    const name = cellText(raw.name);
    const mobile = mobileOf(raw.mobile);
    if (isExample(STUDENT_COLUMNS, name, mobile)) errors.push({ field: 'name', code: 'example' });
    const campusText = cellText(raw.campus);
    const campus = campusText ? campusByName.get(norm(campusText)) : undefined;
    if (campusText && !campus) errors.push({ field: 'campus', code: 'campus', values: { name: campusText } });
    const classIds: number[] = [];
    for (const cn of splitList(cellText(raw.classes))) {
      const cls = campus && scope.classes.find((c) => c.campusId === campus.id && norm(c.name) === norm(cn));
      if (!campus) continue;
      if (!cls) {
        errors.push({ field: 'classes', code: 'class', values: { name: cn, campus: campus.name } });
        continue;
      }
      if (classIds.includes(cls.id)) continue;
      classIds.push(cls.id);
      const n = (taken.get(cls.id) ?? 0) + 1;
      taken.set(cls.id, n);
      if (n > cls.free) errors.push({ field: 'classes', code: 'classFull', values: { name: cls.name, free: Math.max(0, cls.free) } });
    }
    // The opening card.
    const tplText = cellText(raw.card);
    const tpl = tplText ? templateByName.get(norm(tplText)) : undefined;
    const hoursCell = cellNumber(raw.hours);
    const startCell = cellDate(raw.cardStart);
    const expiryCell = cellDate(raw.cardExpiry);
    let card: Record<string, unknown> | undefined;
    if (tplText && !tpl) errors.push({ field: 'card', code: 'template', values: { name: tplText } });
    else if (!tplText && (hoursCell !== undefined || startCell || expiryCell)) errors.push({ field: 'card', code: 'templateMissing' });
    if (tpl) {
      if (tpl.kind === 'count' && hoursCell === undefined) errors.push({ field: 'hours', code: 'hoursRequired', values: { name: tpl.name } });
      if (tpl.kind === 'period' && hoursCell !== undefined) errors.push({ field: 'hours', code: 'periodHours', values: { name: tpl.name } });
      const startDate = startCell ?? scope.today;
      const expiryDate = expiryCell ?? (isValidDate(startDate) ? addDays(startDate, tpl.validDays) : undefined);
      card = { templateId: tpl.id, hours: tpl.kind === 'count' ? hoursCell : undefined, startDate, expiryDate };
      if (isValidDate(startDate) && startDate > scope.today) errors.push({ field: 'cardStart', code: 'futureStart' });
      if (expiryDate && isValidDate(expiryDate) && isValidDate(startDate)) {
        if (expiryDate < startDate) errors.push({ field: 'cardExpiry', code: 'expiryBeforeStart' });
        else if (expiryDate < scope.today) errors.push({ field: 'cardExpiry', code: 'expired', values: { date: expiryDate } });
      }
    }
    const candidate: Record<string, unknown> = {
      campusId: campus?.id,
      name,
      mobile,
      parentName: cellText(raw.parentName) || undefined,
      gender: cellText(raw.gender) || undefined,
      birthday: cellDate(raw.birthday),
      remark: cellText(raw.remark) || undefined,
      classIds,
      card,
    };
    const parsed = StudentImportRowBody.safeParse(candidate);
    if (!parsed.success) for (const e of issueErrors(parsed.error, candidate)) if (!errors.some((x) => x.field === e.field)) errors.push(e);
    const birthday = candidate.birthday as string | undefined;
    if (birthday && isValidDate(birthday) && birthday > scope.today) errors.push({ field: 'birthday', code: 'birthdayFuture' });
    if (name && /^1\d{10}$/.test(mobile)) {
      const k = key(name, mobile);
      const first = firstRow.get(k);
      if (first !== undefined) errors.push({ field: 'mobile', code: 'dupFile', values: { row: first } });
      else firstRow.set(k, rowNo);
      if (existing.has(k)) errors.push({ field: 'mobile', code: 'dupStudent', values: { name } });
    }
    return { rowNo, raw, errors, value: errors.length || !parsed.success ? undefined : parsed.data };
  });
}

/* ------------------------------------------------------------------ leads */

export interface LeadImportScope {
  today: string;
  campuses: { id: number; name: string }[];
  /** People who may own leads (sales, managers, the dealer). */
  owners: { value: number; label: string }[];
  /** The caller (owner of the rows without an owner, unless `pool`). */
  self: { id: number; name: string };
  /** Managers and the dealer may name any owner; others only themselves. */
  assignAny: boolean;
  /** Rows without an owner go to the pool (managers and the dealer only). */
  pool?: boolean;
  /** Existing leads of the company whose mobile is in the file (or all of them). */
  existing: { name: string; mobile: string; ownerName?: string }[];
}

export const LEAD_DEFAULT_INTENTION = 'C';

/** Checks every lead row (see the file comment); `value` is the row's create body (ownerId 0 = the pool). */
export function checkLeadRows(
  rows: Record<string, ImportCellValue>[],
  scope: LeadImportScope,
  t: (key: string) => string = (k) => IMPORT_MESSAGES[k]?.en ?? k,
  firstRowNo = 2,
): CheckedRow<LeadImportValue>[] {
  const existing = new Map(scope.existing.map((l) => [l.mobile.replace(/\D/g, ''), l]));
  const firstRow = new Map<string, number>();
  const campusByName = new Map(scope.campuses.map((c) => [norm(c.name), c]));
  return rows.map((raw, i) => {
    const rowNo = typeof raw.rowNo === 'number' ? raw.rowNo : firstRowNo + i;
    const errors: RowError[] = [];
    const mobile = mobileOf(raw.mobile);
    if (isExample(LEAD_COLUMNS, cellText(raw.name), mobile)) errors.push({ field: 'name', code: 'example' });
    const campusText = cellText(raw.campus);
    const campus = campusText ? campusByName.get(norm(campusText)) : undefined;
    if (campusText && !campus) errors.push({ field: 'campus', code: 'campus', values: { name: campusText } });
    const ownerText = cellText(raw.owner);
    let ownerId: number | undefined;
    if (ownerText) {
      const o = scope.owners.find((x) => norm(x.label) === norm(ownerText));
      if (!o) errors.push({ field: 'owner', code: 'owner', values: { name: ownerText } });
      else if (!scope.assignAny && o.value !== scope.self.id) errors.push({ field: 'owner', code: 'ownerSelf' });
      else ownerId = o.value;
    } else ownerId = scope.pool && scope.assignAny ? 0 : scope.self.id;
    const candidate: Record<string, unknown> = {
      name: cellText(raw.name),
      mobile,
      campusId: campus?.id,
      intention: cellText(raw.intention) || LEAD_DEFAULT_INTENTION,
      source: cellText(raw.source) || undefined,
      parentName: cellText(raw.parentName) || undefined,
      gender: cellText(raw.gender) || undefined,
      age: cellNumber(raw.age),
      course: cellText(raw.course) || undefined,
      remark: cellText(raw.remark) || undefined,
      nextFollowUpAt: cellDate(raw.nextFollowUpAt),
      ownerId: ownerId ?? scope.self.id,
    };
    const parsed = LeadImportRowBody.safeParse(candidate);
    if (!parsed.success) for (const e of issueErrors(parsed.error, candidate)) if (!errors.some((x) => x.field === e.field)) errors.push(e);
    const next = candidate.nextFollowUpAt as string | undefined;
    if (next && isValidDate(next) && next < scope.today) errors.push({ field: 'nextFollowUpAt', code: 'nextPast' });
    if (/^1\d{10}$/.test(mobile)) {
      const first = firstRow.get(mobile);
      if (first !== undefined) errors.push({ field: 'mobile', code: 'dupFile', values: { row: first } });
      else firstRow.set(mobile, rowNo);
      const dup = existing.get(mobile);
      if (dup) errors.push({ field: 'mobile', code: 'dupLead', values: { name: dup.name, owner: dup.ownerName ?? t('imp.pool') } });
    }
    return { rowNo, raw, errors, value: errors.length || !parsed.success ? undefined : parsed.data };
  });
}

/** The fixed values of the lead and student lists (codes), for the template's drop-downs (`imp.list.<list>.<code>`). */
export const LIST_CODES: Record<'gender' | 'intention' | 'source', readonly string[]> = {
  gender: ['male', 'female'],
  intention: LEAD_INTENTIONS,
  source: LEAD_SOURCES,
};

/**
 * Label → code of the fixed lists, from both languages (a Chinese template read by an English user still maps),
 * plus the codes themselves and, for intentions, the bare letter.
 */
export function listAliases(): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [list, codes] of Object.entries(LIST_CODES)) {
    const map: Record<string, string> = {};
    for (const code of codes) {
      const m = IMPORT_MESSAGES[`imp.list.${list}.${code}`];
      for (const label of [code, m?.en, m?.zh]) if (label) map[norm(label)] = code;
    }
    if (list === 'gender') Object.assign(map, { m: 'male', f: 'female' });
    out[list] = map;
  }
  return out;
}
