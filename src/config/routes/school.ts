import type { RouteMeta } from './types';

export const schoolRoutes: RouteMeta[] = [];
