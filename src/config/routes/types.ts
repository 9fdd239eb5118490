import type { AccessKey } from '../../access';

/** Menu groups: SPEC §1's functional areas, in menu order, plus the platform's own group. */
export const MENU_GROUPS = [
  { key: 'staging', icon: 'DesktopOutlined' },
  { key: 'studentManagement', icon: 'TeamOutlined' },
  { key: 'educationalManagement', icon: 'ReadOutlined' },
  { key: 'scheduleManagement', icon: 'CalendarOutlined' },
  { key: 'customerCenter', icon: 'ContactsOutlined' },
  { key: 'financialManagement', icon: 'AccountBookOutlined' },
  { key: 'dataAnalysis', icon: 'LineChartOutlined' },
  { key: 'serviceNotification', icon: 'NotificationOutlined' },
  { key: 'campusManagement', icon: 'BankOutlined' },
  { key: 'functionSetting', icon: 'SettingOutlined' },
  { key: 'platform', icon: 'GlobalOutlined' },
] as const;

export type MenuGroupKey = (typeof MENU_GROUPS)[number]['key'];

export interface RouteMeta {
  path: string;
  /** Umi component path, relative to src/pages. */
  component: string;
  /** Locale key of the page title and menu label. */
  title: string;
  /** Access key from src/access.ts; absent = every logged-in user. */
  access?: AccessKey;
  /** Menu group; absent = not in the menu. */
  menu?: MenuGroupKey;
  icon?: string;
  /**
   * A list screen: it opens on a table filled by a list call (ListTable + tableRequest). `true` marks it; a route
   * whose page folder uses `tableRequest` counts as one unless marked `false` (its first view is not that table).
   * tests/e2e/waterfall.spec.ts opens every list route and fails when the list call waits for an option call.
   */
  list?: boolean;
  /**
   * The first list call of a list route opened without a query (path and query, e.g. `/v2/student?page=1&pageSize=10`):
   * the boot script (config/preloadLocale.ts) sends it with the HTML, in parallel with the app code, and ListTable
   * takes its answer (src/utils/boot.ts). It must be exactly what the screen asks for first (same query, any order),
   * else it is wasted: tests/e2e/waterfall.spec.ts fails when a declared call is not taken.
   */
  prefetch?: string;
}
