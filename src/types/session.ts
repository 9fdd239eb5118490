/** Session, user, permission, store and menu types (docs/api.md#entities, docs/api.md#session-calls). */

export type Role = 'admin' | 'dealer' | 'manager' | 'teacher' | 'sales' | 'customer' | 'service' | 'operation';

export const ROLES: Role[] = ['admin', 'dealer', 'manager', 'teacher', 'sales', 'customer', 'service', 'operation'];

/** Roles of the platform itself: expiry checks are skipped for them (docs/rules.md#subscription-and-expiry). */
export const PLATFORM_ROLES: Role[] = ['admin', 'service', 'operation'];

export interface CompanyRef {
  id: number;
  name: string;
  /** Days left of the subscription (docs/api.md#entities `company.day`). */
  day: number;
  /** The company's primary colour (/campus/theme-color); absent = the docs/rules.md#constants-and-limits default. */
  themeColor?: string;
}

export interface CurrentUser {
  info: { username: string; avatar: string };
  name: string;
  role: Role;
  roleId: number;
  mobile: string;
  company: CompanyRef;
  /** The password was set by someone else (a one-time password): the console asks for a new one before anything else. */
  mustChangePassword?: boolean;
}

export const PERMISSION_FLAGS = [
  'campusManagement',
  'customerCenter',
  'dataAnalysis',
  'educationalManagement',
  'financialManagement',
  'functionSetting',
  'scheduleManagement',
  'serviceNotification',
  'staging',
  'studentManagement',
] as const;

export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

export type Permissions = Record<PermissionFlag, number> & {
  name: string;
  companyId: number;
  /** 0 = store owner / manager who may renew; default 2 (docs/api.md#entities). */
  type: number;
};

export interface CompanyRoleEntry {
  roleId: number;
  companyName: string;
  role: Role;
}

export interface MenuEntry {
  path: string;
  /** Locale key of the entry's label. */
  name: string;
  icon?: string;
  disabled?: boolean;
  routes?: MenuEntry[];
}

export interface ServiceContact {
  name: string;
  phone: string;
  wechat: string;
}

export interface LoginResult {
  token: string;
  satoken: string;
}

export interface PasswordLoginBody {
  username: string;
  password: string;
}

export interface SmsLoginBody {
  mobile: string;
  code: string;
}

export interface SendSmsBody {
  mobile: string;
  scene: 'login' | 'bind';
}

export interface InitialState {
  currentUser?: CurrentUser;
  permissions?: Permissions;
  stores?: CompanyRoleEntry[];
  menu?: MenuEntry[];
}
