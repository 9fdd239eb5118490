import { ROUTES } from '../src/config/routeTable';

/** Umi route objects built from the one route table (src/config/routeTable.ts). */
export const umiRoutes = [
  { path: '/user/login', component: './User/Login', layout: false },
  // Public pages (no login; see PUBLIC_PREFIXES in src/app.tsx) are added here with layout: false.
  { path: '/f/:code', component: './Public/GatherForm', layout: false },
  { path: '/w/:code', component: './Public/WebPage', layout: false },
  { path: '/', redirect: '/dashboard' },
  {
    path: '/',
    component: '@/layouts/BasicLayout',
    routes: [
      ...ROUTES.map((r) => ({ path: r.path, component: r.component, access: r.access, title: r.title })),
      { path: '/exception', component: './Exception' },
      { path: '/403', component: './Exception/403' },
      { path: '/404', component: './404' },
      { path: '/*', component: './404' },
    ],
  },
];
