/** Excel import of students and leads (issue 9): the preview's context and the import calls (all rows or none). */
import { http } from '@/utils/request';
import type { ImportCellValue } from '@/types/import.schemas';
import type { LeadImportScope, StudentImportScope } from '@/domain/importRows';

export type ImportRecord = Record<string, ImportCellValue>;

/** Campuses, classes and card templates in the caller's scope, and the company's students with these mobiles. */
export const fetchStudentImportContext = (mobiles: string[]) =>
  http.get<StudentImportScope>('/v2/student/import/context', { mobiles: mobiles.join(',') });

/** Creates every row (students and their opening cards) or none: a 400 names the first bad row. */
export const importStudents = (rows: ImportRecord[]) =>
  http.post<{ created: number; cards: number; hours: number }>('/v2/student/import', { rows }, { skipErrorHandler: true });

/** Campuses in scope, lead owners, the caller, and the company's leads with these mobiles. */
export const fetchLeadImportContext = (mobiles: string[], pool = false) =>
  http.get<LeadImportScope>('/v2/customer/import/context', { mobiles: mobiles.join(','), ...(pool ? { pool: 1 } : {}) });

/** Creates every lead row or none (`pool`: rows without an owner go to the pool). */
export const importLeads = (rows: ImportRecord[], pool = false) =>
  http.post<{ created: number; pooled: number }>('/v2/customer/import', { rows, pool }, { skipErrorHandler: true });
