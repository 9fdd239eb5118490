/**
 * The common layout (docs/screens.md#routes-and-shell): server-driven side menu, header with language switch and user menu (store switch,
 * personal settings, log out), watermark with the user name, footer. Routes the user lacks show the 403 page;
 * the expiry reminder and lock-out dialog live here too.
 */
import React from 'react';
import { ProLayout, DefaultFooter } from '@ant-design/pro-components';
import { Avatar, Space, Typography, Watermark } from 'antd';
import { SWRConfig } from 'swr';
import { Link, Navigate, Outlet, useLocation } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess, useSession } from '@/hooks/useSession';
import { findRoute, ROUTES } from '@/config/routeTable';
import { loginUrlWithRedirect } from '@/utils/request';
import { expiryState, ROUTES_OPEN_WHEN_EXPIRED } from '@/utils/expiry';
import { accessibleShades, PRIMARY_COLOR } from '@/utils/theme';
import { menuKeyFor } from './menuKey';
import { useCompanyColor } from '@/hooks/useCompanyColor';
import LangSwitch from '@/components/LangSwitch';
import JumpSearch from '@/components/JumpSearch';
import NoticeBell from '@/components/NoticeBell';
import ExceptionResult from '@/components/ExceptionResult';
import ErrorBoundary from '@/components/ErrorBoundary';
import { menuIcon } from './icons';
import { toLayoutMenu, type LayoutMenuItem } from './menu';
import UserMenu from './UserMenu';
import { tokenStore } from '@/utils/tokenStore';
import Loading from '@/loading';
import ExpiryGuard from './ExpiryGuard';
import InvitationPrompt from '@/components/account/InvitationPrompt';
import FirstPasswordDialog from '@/components/account/FirstPasswordDialog';
import styles from './BasicLayout.less';

function withIcons(items: LayoutMenuItem[]): Record<string, unknown>[] {
  return items.map((i) => ({ ...i, icon: menuIcon(i.icon), children: i.children ? withIcons(i.children) : undefined }));
}

/**
 * Only the current page's group is open at first (and opens when a page of another group is reached, also from a
 * link elsewhere); groups the user opens stay open (`autoClose: false`). A closed group renders none of its items: the
 * full menu is 56 entries, most of a page's elements before its first row (issue 10).
 */
const MENU_OPTIONS = { locale: false, defaultOpenAll: false, autoClose: false as const };
/**
 * ProLayout asks its `menu.request` through swr when it mounts, even without a request: a "loading" round that renders
 * the whole side menu twice more after the first paint (issue 10). Our menu comes with the session, so the layout's
 * own swr call is not made; the page inside gets swr's defaults back (ProField selects load their options with it).
 */
const LAYOUT_SWR = { revalidateOnMount: false };
/** A fixed id for the side menu (its popups' ids stay the same from render to render). */
const MENU_PROPS = { id: 'side-menu' };
const PAGE_SWR = { revalidateOnMount: undefined };

/** Reloads the initial state once (getInitialState goes to login when it cannot). */
function SessionReload() {
  const { refresh } = useSession();
  React.useEffect(() => {
    void refresh();
  }, [refresh]);
  return <Loading />;
}

export default function BasicLayout() {
  const { t, locale } = useIntl();
  const location = useLocation();
  const session = useSession();
  const access = useAppAccess();
  const { currentUser, permissions, menu } = session;
  const companyColor = useCompanyColor(currentUser);
  // Stable props: ProLayout rebuilds its menu data (and re-renders every menu item) when `route.children` changes.
  const layoutRoute = React.useMemo(() => ({ path: '/', children: withIcons(toLayoutMenu(menu, t)) }), [menu, t, locale]);
  const shades = accessibleShades(companyColor ?? PRIMARY_COLOR);
  const layoutToken = React.useMemo(
    () => ({ colorPrimary: companyColor ?? PRIMARY_COLOR, sider: { colorTextMenuSelected: shades.text, colorTextMenuActive: shades.hover, colorTextMenuItemHover: shades.hover } }),
    [companyColor, shades.text, shades.hover],
  );

  if (!currentUser || !permissions) {
    // A token but no state yet (e.g. right after login or a store switch): wait for the state instead of leaving.
    if (tokenStore.has() && !session.loading) return <SessionReload />;
    return <Navigate to={loginUrlWithRedirect(location.pathname + location.search)} replace />;
  }

  if (currentUser.mustChangePassword) {
    // A password set by someone else: nothing but choosing one's own (the server refuses company calls meanwhile).
    return (
      <main className={styles.firstLogin}>
        <Typography.Title level={1}>{t('app.name')}</Typography.Title>
        <FirstPasswordDialog />
      </main>
    );
  }

  const route = findRoute(location.pathname);
  const expired = expiryState(currentUser.company.day, currentUser.role) === 'expired';
  const openWhenExpired = (ROUTES_OPEN_WHEN_EXPIRED as readonly string[]).includes(location.pathname);
  const allowed = !route?.access || access[route.access];
  const title = route ? t(route.title) : undefined;
  const menuKey = menuKeyFor(location.pathname, ROUTES);
  const documentTitle = title ? `${title} - ${t('app.name')}` : t('app.name');
  if (typeof document !== 'undefined') document.title = documentTitle;

  return (
    <SWRConfig value={LAYOUT_SWR}>
      <ProLayout
        title={t('app.name')}
        logo={`${process.env.ROUTER_BASE || '/'}logo.svg`.replace('//', '/')}
        layout="side"
        navTheme="light"
        contentWidth="Fluid"
        fixSiderbar
        token={layoutToken}
        // Matched against the menu for the open group: a sub-page outside the menu (/schedule/free/add) opens the
        // group of the entry it highlights.
        location={{ pathname: menuKey ?? location.pathname }}
        selectedKeys={menuKey ? [menuKey] : []}
        route={layoutRoute}
        menu={MENU_OPTIONS}
        menuProps={MENU_PROPS}
        // The tab title names the route, also for routes outside the menu (ProLayout would set the product name).
        pageTitleRender={() => documentTitle}
        // No page shows ProLayout's breadcrumb (our header names the page): it is not worked out on each render.
        breadcrumbRender={false}
        menuItemRender={(item, dom) =>
          item.disabled || !item.path ? (
            <span aria-disabled="true" style={{ opacity: 0.45, cursor: 'not-allowed' }}>
              {dom}
            </span>
          ) : (
            <Link to={item.path}>{dom}</Link>
          )
        }
        footerRender={() => (
          <DefaultFooter
            copyright={t('footer.copyright', { year: new Date().getFullYear() })}
            links={[
              { key: 'help', title: t('footer.help'), href: 'mailto:support@campus-console.example', blankTarget: true },
              { key: 'feedback', title: t('footer.privacy'), href: `${process.env.ROUTER_BASE || '/'}privacy.txt`.replace('//', '/'), blankTarget: true },
            ]}
          />
        )}
      >
        <SWRConfig value={PAGE_SWR}>
          <header className={styles.bar}>
            <Typography.Title level={2} className={styles.title}>
              {title}
            </Typography.Title>
            <Space size="middle">
              <JumpSearch />
              <Typography.Text type="secondary">{currentUser.company.name}</Typography.Text>
              <NoticeBell />
              <LangSwitch />
              <UserMenu>
                <Space size={6}>
                  <Avatar size="small" src={currentUser.info.avatar || undefined} alt="" />
                  <span>{currentUser.name}</span>
                </Space>
              </UserMenu>
            </Space>
          </header>
          <Watermark className={styles.watermark} content={currentUser.name} font={{ color: 'rgba(0,0,0,0.05)' }}>
            {/* ProLayout's content is already the page's one <main>: this is a labelled region inside it. */}
            <section data-testid="watermark" aria-label={title} style={{ minHeight: 'calc(100vh - 160px)' }}>
              <ErrorBoundary key={location.pathname}>{allowed ? <Outlet /> : <ExceptionResult status="403" />}</ErrorBoundary>
            </section>
          </Watermark>
        </SWRConfig>
        <ExpiryGuard blocked={expired && !(openWhenExpired && allowed)} />
        <InvitationPrompt />
      </ProLayout>
    </SWRConfig>
  );
}
