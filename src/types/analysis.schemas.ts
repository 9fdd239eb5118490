/**
 * Query schemas of the analyze calls (docs/screens.md#analysis). Query values arrive as text: ids are digit strings.
 * The range is required, in order, and at most 366 days (a year and a day, so "last 12 months" fits).
 */
import { date, oneOf, z } from './schema';

export const MAX_ANALYZE_DAYS = 366;

const idText = () =>
  z
    .string()
    .refine((s) => /^[1-9]\d{0,9}$/.test(s), { params: { key: 'v.integer' } })
    .transform(Number);

export const AnalyzeRangeQuery = z.object({
  startDate: date(),
  endDate: date(),
  campusId: z
    .union([z.literal(''), idText()])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : v)),
});

export const ConsumeProgressQuery = AnalyzeRangeQuery.extend({ view: oneOf(['class', 'card'] as const).optional() });

export const RecordsQuery = AnalyzeRangeQuery.extend({ by: oneOf(['campus', 'class', 'teacher'] as const).optional() });
