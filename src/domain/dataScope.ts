/**
 * Data scope of a permission group (docs/rules.md#permission-groups-and-data-scope): which rows of the lists that have an owner or a campus
 * (students, leads, lessons, cards) a staff member sees. Scopes nest: own ⊆ own campus ⊆ whole company, so a
 * narrower scope never shows a row a wider one hides. Pure: the mock server applies it to its visibility functions.
 */
import { PERMISSION_FLAGS, type PermissionFlag } from '@/types/session';

export const DATA_SCOPES = ['own', 'campus', 'company'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export interface ScopeViewer {
  scope: DataScope;
  /** The viewer's own campus (their staff row); none = the campus scope falls back to own rows. */
  campusId?: number;
}

/** What the scope needs to know about one row. */
export interface ScopedRow {
  /** The row's campus, when it has one. */
  campusId?: number;
  /** The viewer owns the row (owner, seller, teacher...). */
  own: boolean;
}

/** True when the viewer's scope shows the row. */
export function inDataScope(viewer: ScopeViewer, row: ScopedRow): boolean {
  if (viewer.scope === 'company') return true;
  if (row.own) return true;
  return viewer.scope === 'campus' && viewer.campusId !== undefined && row.campusId === viewer.campusId;
}

/** The rows a viewer's scope shows (no viewer = no narrowing). */
export function applyDataScope<R>(rows: R[], viewer: ScopeViewer | undefined, describe: (row: R) => ScopedRow): R[] {
  if (!viewer || viewer.scope === 'company') return rows;
  return rows.filter((r) => inDataScope(viewer, describe(r)));
}

/** Rank of a scope: own 0 < campus 1 < company 2. */
export function scopeRank(scope: DataScope): number {
  return DATA_SCOPES.indexOf(scope);
}

/** True when a group grants every flag and the whole company (what the owner's group must keep). */
export function grantsEverything(flags: Record<PermissionFlag, number>, scope: DataScope): boolean {
  return scope === 'company' && PERMISSION_FLAGS.every((f) => Number(flags[f]) === 1);
}
