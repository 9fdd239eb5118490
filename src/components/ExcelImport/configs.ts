/**
 * The two imports as configuration of one modal (./ImportModal.tsx): their columns, where the preview's scope comes
 * from, the drop-down lists of the template, the row check and the import call.
 */
import { checkLeadRows, checkStudentRows, LEAD_COLUMNS, LIST_CODES, STUDENT_COLUMNS, type CheckedRow, type ImportColumn, type ImportKind } from '@/domain/importRows';
import { fetchLeadImportContext, fetchStudentImportContext, importLeads, importStudents, type ImportRecord } from '@/services/import';
import type { LeadImportScope, StudentImportScope } from '@/domain/importRows';

type T = (key: string, values?: Record<string, string | number>) => string;
type ListName = NonNullable<ImportColumn['list']>;

export interface ImportConfig<S = unknown> {
  kind: ImportKind;
  columns: ImportColumn[];
  /** Columns shown in the preview table (besides the row number and the check). */
  preview: string[];
  loadScope: (mobiles: string[], pool: boolean) => Promise<S>;
  /** The labels of each drop-down list of the template. */
  lists: (scope: S, t: T) => Partial<Record<ListName, string[]>>;
  check: (records: ImportRecord[], scope: S, t: T) => CheckedRow<unknown>[];
  submit: (records: ImportRecord[], pool: boolean) => Promise<{ created: number; cards?: number }>;
}

/** The scope for a file: one context call per 300 mobiles (a short URL), existing rows merged. */
async function inChunks<S extends { existing: unknown[] }>(mobiles: string[], load: (chunk: string[]) => Promise<S>): Promise<S> {
  const chunks: string[][] = [];
  for (let i = 0; i < mobiles.length; i += 300) chunks.push(mobiles.slice(i, i + 300));
  if (!chunks.length) chunks.push([]);
  const parts = await Promise.all(chunks.map(load));
  return { ...parts[0], existing: parts.flatMap((p) => p.existing) };
}

const fixed = (list: keyof typeof LIST_CODES, t: T) => LIST_CODES[list].map((code) => t(`imp.list.${list}.${code}`));

export const studentImport: ImportConfig<StudentImportScope> = {
  kind: 'students',
  columns: STUDENT_COLUMNS,
  preview: ['name', 'mobile', 'gender', 'campus', 'classes', 'card', 'hours'],
  loadScope: (mobiles) => inChunks(mobiles, fetchStudentImportContext),
  lists: (scope, t) => ({
    gender: fixed('gender', t),
    campus: scope.campuses.map((c) => c.name),
    template: scope.templates.map((tp) => tp.name),
  }),
  check: (records, scope) => checkStudentRows(records, scope),
  submit: (records) => importStudents(records),
};

export const leadImport: ImportConfig<LeadImportScope> = {
  kind: 'leads',
  columns: LEAD_COLUMNS,
  preview: ['name', 'mobile', 'campus', 'source', 'intention', 'owner'],
  loadScope: (mobiles, pool) => inChunks(mobiles, (chunk) => fetchLeadImportContext(chunk, pool)),
  lists: (scope, t) => ({
    gender: fixed('gender', t),
    intention: fixed('intention', t),
    source: fixed('source', t),
    campus: scope.campuses.map((c) => c.name),
    owner: scope.owners.map((o) => o.label),
  }),
  check: (records, scope, t) => checkLeadRows(records, scope, t),
  submit: (records, pool) => importLeads(records, pool),
};

export const IMPORT_CONFIGS: Record<ImportKind, ImportConfig<never>> = {
  students: studentImport as unknown as ImportConfig<never>,
  leads: leadImport as unknown as ImportConfig<never>,
};
