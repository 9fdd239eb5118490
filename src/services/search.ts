/** Jump search (issue 9). */
import { http } from '@/utils/request';
import type { JumpHit } from '@/types/search';

export const jumpSearch = (keyword: string) => http.get<JumpHit[]>('/v2/search', { keyword }, { skipErrorHandler: true });
