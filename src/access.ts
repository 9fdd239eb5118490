/**
 * Route and feature access (docs/rules.md#subscription-and-expiry, #roles-and-access). A pure function of the initial state, used by Umi's access plugin,
 * by the layout (403 for a route the user lacks) and by the mock backend (menus and 403 answers).
 */
import type { InitialState, PermissionFlag, Role } from '@/types/session';
import { PERMISSION_FLAGS } from '@/types/session';
import { expiryState, skipsExpiryChecks } from '@/utils/expiry';

export type Access = Record<PermissionFlag, boolean> & {
  loggedIn: boolean;
  isAdmin: boolean;
  isDealer: boolean;
  isManager: boolean;
  isTeacher: boolean;
  isSales: boolean;
  isCustomer: boolean;
  isService: boolean;
  isOperation: boolean;
  /** docs/rules.md#roles-and-access role flags. */
  isDealerOrTeacher: boolean;
  notAdmin: boolean;
  /** Admin, service or operation: the platform's own staff. */
  isPlatform: boolean;
  /** Store owner / manager who may renew (permissions.type === 0). */
  isOwner: boolean;
  /** The company's subscription is over (day 0) and this role is subject to expiry. */
  expired: boolean;
  /** /campus/order and /renew: the owner or campus managers of a company; open even when expired (docs/rules.md#subscription-and-expiry). */
  subscription: boolean;
  /** Routes every logged-in user may open (personal settings, inbox). */
  everyone: boolean;
  /** Admin-only platform settings. */
  platformAdmin: boolean;
  /** Staff who run notices, templates, rules and posters (the serviceNotification flag, not parents or the platform). */
  notifyStaff: boolean;
  /** Salary lines and pay slips: the finance flag (everything), or a teacher or sales person (their own only). */
  ownSalary: boolean;
  /** The audit log (/operate): platform roles (all companies), and a company's owner or campus managers (their company). */
  auditLog: boolean;
};

export type AccessKey = keyof Access;

const roleIs = (role: Role | undefined, ...roles: Role[]) => !!role && roles.includes(role);

export default function access(initialState: InitialState | undefined): Access {
  const user = initialState?.currentUser;
  const perms = initialState?.permissions;
  const role = user?.role;
  const loggedIn = !!user && !!perms;
  const expired = loggedIn && expiryState(user?.company.day, role) === 'expired';
  const platform = roleIs(role, 'admin', 'service', 'operation');

  const flags = {} as Record<PermissionFlag, boolean>;
  for (const flag of PERMISSION_FLAGS) {
    flags[flag] = loggedIn && !expired && Number(perms?.[flag] ?? 0) !== 0;
  }

  return {
    ...flags,
    loggedIn,
    isAdmin: roleIs(role, 'admin'),
    isDealer: roleIs(role, 'dealer'),
    isManager: roleIs(role, 'manager'),
    isTeacher: roleIs(role, 'teacher'),
    isSales: roleIs(role, 'sales'),
    isCustomer: roleIs(role, 'customer'),
    isService: roleIs(role, 'service'),
    isOperation: roleIs(role, 'operation'),
    isDealerOrTeacher: roleIs(role, 'dealer', 'teacher'),
    notAdmin: loggedIn && !roleIs(role, 'admin'),
    isPlatform: loggedIn && platform,
    isOwner: loggedIn && perms?.type === 0,
    expired,
    subscription: loggedIn && !skipsExpiryChecks(role) && (perms?.type === 0 || Number(perms?.campusManagement ?? 0) !== 0),
    everyone: loggedIn && !expired,
    platformAdmin: loggedIn && roleIs(role, 'admin'),
    notifyStaff: flags.serviceNotification && !roleIs(role, 'customer') && !platform,
    ownSalary: flags.financialManagement || (loggedIn && !expired && roleIs(role, 'teacher', 'sales')),
    auditLog: loggedIn && (platform || (!expired && (perms?.type === 0 || Number(perms?.campusManagement ?? 0) !== 0))),
  };
}
