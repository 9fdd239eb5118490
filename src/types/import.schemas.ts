/**
 * Excel import of students and leads (issue 9): the bodies of `POST /v2/student/import` and `POST /v2/customer/import`
 * and the schema of one checked row. A row is validated with the same schemas as the single create calls
 * (`StudentBody`, `LeadBody`) plus its opening card (`OpeningCardBody`), by `src/domain/importRows.ts` on both sides.
 */
import { LeadBody } from './customer.schemas';
import { StudentBody } from './school.schemas';
import { bool, date, hours, id, z } from './schema';

/** At most this many rows per import (a clear 400 beyond). */
export const IMPORT_MAX_ROWS = 2000;

/** One cell as the sheet gives it: text, a number, or empty. */
export const ImportCell = z.union([z.string().max(500), z.number(), z.null()]).optional();
export type ImportCellValue = z.infer<typeof ImportCell>;

/**
 * The rows as read from the sheet, keyed by column key (names, not ids: the server resolves them again in the
 * caller's scope). `rowNo` is the sheet row the messages name. `pool`: leads with no owner go to the pool.
 */
export const ImportRowsBody = z.object({
  rows: z.array(z.record(z.string(), ImportCell)).min(1),
  pool: bool().optional(),
});
export type ImportRowsInput = z.output<typeof ImportRowsBody>;

/** The opening card of an imported student: a count card needs its remaining hours, a period card takes none. */
export const OpeningCardBody = z.object({
  templateId: id(),
  hours: hours({ min: 0.1, max: 10000 }).optional(),
  startDate: date(),
  expiryDate: date(),
});

/** One imported student: the single create's body plus an optional opening card. */
export const StudentImportRowBody = StudentBody.extend({ card: OpeningCardBody.optional() });
export type StudentImportValue = z.output<typeof StudentImportRowBody>;

/** One imported lead: the single create's body. */
export const LeadImportRowBody = LeadBody;
export type LeadImportValue = z.output<typeof LeadImportRowBody>;
