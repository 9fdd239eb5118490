import type { RouteMeta } from './types';

export const customerRoutes: RouteMeta[] = [];
