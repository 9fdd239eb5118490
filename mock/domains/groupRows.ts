/**
 * Permission groups in the database (server/db/schema/groups.ts): the rows, read by the session at every request
 * (mock/http.ts `buildSession`) and by the campus screens (./campus.ts). No import of the http layer, so both may use it.
 */
import { and, asc, eq } from 'drizzle-orm';
import { tx, type Database } from '../../server/db';
import { permissionGroups, staffGroups } from '../../server/db/schema';
import { stampDate, stampOf } from '../../server/db/time';
import type { MembershipRow, PermissionGroupRow } from '../db';
import { staffMembershipsOf } from './people';
import type { Role } from '../../src/types/session';

export function groupRowOf(r: typeof permissionGroups.$inferSelect): PermissionGroupRow {
  const { defaultFor, createdAt, ...rest } = r;
  return { ...rest, ...(defaultFor !== null ? { defaultFor } : {}), createdAt: stampOf(createdAt) };
}

export function groupValues(g: Omit<PermissionGroupRow, 'id'>): Omit<typeof permissionGroups.$inferInsert, 'id'> {
  return { companyId: g.companyId, name: g.name, flags: g.flags, dataScope: g.dataScope, defaultFor: g.defaultFor ?? null, createdAt: stampDate(g.createdAt) };
}

/** A group of the company (none when the id names another company's or no group). */
export async function groupOf(companyId: number, id: number): Promise<PermissionGroupRow | undefined> {
  const [r] = await (await tx()).select().from(permissionGroups).where(and(eq(permissionGroups.id, id), eq(permissionGroups.companyId, companyId)));
  return r && groupRowOf(r);
}

/** What the campus screens need to place staff in groups: the company's groups and the assignments of staff without an account. */
export interface GroupBook {
  groups: PermissionGroupRow[];
  /** staff id → group id, chosen for a staff member before an account existed. */
  assigned: Map<number, number>;
  /** The company's staff accounts (every membership but parents'), by user id: their group is their account's. */
  accounts: Map<number, MembershipRow>;
}

export async function groupBook(companyId: number): Promise<GroupBook> {
  const t = await tx();
  const groups = (await t.select().from(permissionGroups).where(eq(permissionGroups.companyId, companyId)).orderBy(asc(permissionGroups.id))).map(groupRowOf);
  const assigned = new Map((await t.select().from(staffGroups).where(eq(staffGroups.companyId, companyId))).map((r) => [r.staffId, r.groupId]));
  const accounts = new Map((await staffMembershipsOf(companyId)).map((m) => [m.userId, m]));
  return { groups, assigned, accounts };
}

/** The default group of a role in the book (none for parents and platform roles). */
export function defaultGroupIn(book: Pick<GroupBook, 'groups'>, role: Role): PermissionGroupRow | undefined {
  return book.groups.find((g) => g.defaultFor === role);
}

/** Inserts groups (a new company's defaults, the demo seed with its own ids) and returns them with their ids. */
export async function insertGroups(t: Database, rows: (Omit<PermissionGroupRow, 'id'> & { id?: number })[]): Promise<PermissionGroupRow[]> {
  if (!rows.length) return [];
  const out = await t
    .insert(permissionGroups)
    .values(rows.map((g) => ({ ...groupValues(g), ...(g.id !== undefined ? { id: g.id } : {}) })))
    .returning();
  return out.map(groupRowOf);
}
