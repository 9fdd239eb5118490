/** The parent's dashboard (issue 31): the overview of the parent's children. */
import { http } from '@/utils/request';
import type { ParentOverview } from '@/types/parent';

export const fetchParentOverview = () => http.get<ParentOverview>('/v2/parent/overview');
