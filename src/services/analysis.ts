/** Analysis calls (docs/screens.md#analysis, docs/api.md#calls-named-by-the-spec paths exactly). */
import { http } from '@/utils/request';
import type { ListQuery, ListResult } from '@/types/api';
import type { AnalyzeCard, AnalyzeCore, AnalyzeQuery, AnalyzeRecords, AnalyzeStaff, CardProgress, ClassProgress, RecordDimension } from '@/types/analysis';

export const fetchAnalyzeCore = (q: AnalyzeQuery) => http.get<AnalyzeCore>('/v2/company_kt/analyze_core', q);
export const fetchAnalyzeCard = (q: AnalyzeQuery) => http.get<AnalyzeCard>('/v2/company_kt/analyze/card', q);
export const fetchClassProgress = (q: AnalyzeQuery & ListQuery) =>
  http.get<ListResult<ClassProgress>>('/v2/company_kt/analyze_consume_progress', { ...q, view: 'class' });
export const fetchCardProgress = (q: AnalyzeQuery & ListQuery) =>
  http.get<ListResult<CardProgress>>('/v2/company_kt/analyze_consume_progress', { ...q, view: 'card' });
export const fetchAnalyzeRecords = (q: AnalyzeQuery & { by: RecordDimension }) => http.get<AnalyzeRecords>('/v2/company_kt/analyzes', q);
export const fetchAnalyzeStaff = (q: AnalyzeQuery) => http.get<AnalyzeStaff>('/v2/company_kt/analyze/contact_user', q);
/** Total and sums of a drilled list (the banner above a list opened from a figure). */
export const fetchDrillTotals = (api: string, q: Record<string, string>) => http.get<ListResult<unknown>>(api, { ...q, page: 1, pageSize: 1 });
