import type { AccessKey } from '../../access';
import type { ListCall } from '../../services/listCalls';

/** Menu groups: the docs/screens.md#routes-and-shell functional areas, in menu order, plus the platform's own group. */
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
  /**
   * the docs/screens.md#routes-and-shell exact path. Its page is `src/pages<path>/index.tsx` by Umi's conventions (`pageDir`, routeTable.ts);
   * this table keeps only what a folder cannot say.
   */
  path: string;
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
   * The list call a list route opens on, as its service sends it (`ListCall`, src/services/listCalls.ts): the boot
   * script (config/preloadLocale.ts) sends its first page with the HTML when the route is opened without a query, in
   * parallel with the app code, and the request layer takes its answer (src/utils/boot.ts). Name it only when the
   * screen's first query is that first page (no filter preset): tests/e2e/waterfall.spec.ts fails when it is not taken.
   */
  prefetch?: ListCall;
}
