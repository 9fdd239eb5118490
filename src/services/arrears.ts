/** Arrears (docs/rules.md#arrears): lessons attended without usable hours. One function per call. */
import { http } from '@/utils/request';
import type { ListQuery, ListResult } from '@/types/api';
import type { ArrearsItem, ArrearsRow, ArrearsSummary } from '@/types/arrears';
import type { WriteOffArrearsInput } from '@/types/arrears.schemas';

export const fetchArrears = (q: ListQuery) => http.get<ListResult<ArrearsRow>>('/v2/arrears', q);
export const fetchArrearsSummary = (q: { campusId?: number } = {}) => http.get<ArrearsSummary>('/v2/arrears/summary', q);
export const writeOffArrears = (body: WriteOffArrearsInput) => http.post<ArrearsItem>('/v2/arrears/write_off', body);
