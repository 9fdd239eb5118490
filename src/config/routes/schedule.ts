import type { RouteMeta } from './types';

export const scheduleRoutes: RouteMeta[] = [];
