// @vitest-environment node
/**
 * Routes by convention (issue 34): the route table's paths are the docs/screens.md#routes-and-shell route list, exactly, and the pages folder
 * produces those routes by Umi's conventions (with the same exclusions as the build, config/routes.ts) plus the pages
 * docs/screens.md#routes-and-shell names in its prose. A page folder without a table entry, or an entry without a page, fails here.
 */
import path from 'node:path';
import { getConventionRoutes } from '@umijs/core';
import { describe, expect, it } from 'vitest';
import { CONVENTION_EXCLUDE, outsideLayout } from '../../config/routes';
import { findRoute, pageDir, ROUTES } from './routeTable';

/** docs/screens.md#routes-and-shell "Route list", copied as written (customer, finance and homework modals are parts of their pages). */
const SPEC_ROUTES = [
  // General
  '/404', '/Admin', '/Welcome', '/access', '/dashboard', '/setting', '/notice', '/notify', '/operate', '/package', '/pact', '/renew',
  '/gather', '/bill', '/cool', '/cool/system', '/company', '/lead', '/market_merchant', '/system_bulletin', '/template-message',
  '/wdc-customer', '/user/feedback/opinion-fill', '/user/setting',
  // Accounts
  '/account/staff', '/account/student', '/account/user',
  // Orders and settlement
  '/admin-order', '/admin-settlement', '/admin-student-order',
  // Analysis
  '/analyze/card', '/analyze/core', '/analyze/record', '/analyze/staff',
  // Campus
  '/campus/invoice', '/campus/list', '/campus/online-order', '/campus/order', '/campus/permissions', '/campus/permissions/add',
  '/campus/settlement', '/campus/theme-color', '/campus/web',
  // Customers
  '/customer', '/customer/formal', '/customer/data', '/customer/TimeSelect',
  // Finance
  '/finance/accrual', '/finance/base-salary', '/finance/pay-slip', '/finance/pay-slip/detail', '/finance/revenue', '/finance/salary',
  '/finance/salary/view-salary',
  // Homework
  '/home-work/score', '/home-work/work', '/student/home-work', '/student/score',
  // Schedule
  '/schedule/class-record', '/schedule/common', '/schedule/free/add', '/schedule/free/list', '/schedule-table',
  // School
  '/school/class', '/school/class-card', '/school/room', '/school/staff',
  // Service messages
  '/service-message',
  // Students
  '/student/list',
  // Posters
  '/poster/clock-in', '/poster/co_branded_poster', '/poster/festival',
];

/** Pages docs/screens.md#routes-and-shell names outside the route list: the login, the error page, the public pages (docs/screens.md#public-pages), and `/`. */
const OTHER_PAGES = ['/', '/user/login', '/exception', '/f/:code', '/w/:code'];

const sorted = (list: string[]) => [...list].sort();

function conventionRoutes() {
  const routes = getConventionRoutes({ base: path.resolve(process.cwd(), 'src/pages'), exclude: CONVENTION_EXCLUDE, prefix: '' });
  return Object.values(routes) as { absPath: string; file: string }[];
}

describe('route table and pages (routes by convention)', () => {
  it("the route table's paths are the docs/screens.md#routes-and-shell route list", () => {
    expect(new Set(SPEC_ROUTES).size).toBe(SPEC_ROUTES.length);
    expect(sorted(ROUTES.map((r) => r.path))).toEqual(sorted(SPEC_ROUTES));
  });

  it('the pages folder produces exactly those routes and the other pages, each from its folder', () => {
    const routes = conventionRoutes();
    expect(sorted(routes.map((r) => r.absPath))).toEqual(sorted([...SPEC_ROUTES, ...OTHER_PAGES]));
    for (const r of routes) expect(r.file).toBe(r.absPath === '/' ? 'index.tsx' : `${pageDir(r.absPath)}/index.tsx`);
  });

  it('page parts, tests and models are no routes', () => {
    const files = conventionRoutes().map((r) => r.file);
    expect(files.filter((f) => /components\/|\.test\.|models\//.test(f))).toEqual([]);
  });

  it('the login, the public pages and the redirect of / are outside the layout; the rest inside', () => {
    expect(OTHER_PAGES.filter(outsideLayout)).toEqual(['/', '/user/login', '/f/:code', '/w/:code']);
    expect(SPEC_ROUTES.filter(outsideLayout)).toEqual([]);
  });

  it('finds a route by path as the router matches it (case-insensitive, trailing slash)', () => {
    expect(findRoute('/admin')?.path).toBe('/Admin');
    expect(findRoute('/student/list/')?.path).toBe('/student/list');
    expect(findRoute('/nowhere')).toBeUndefined();
  });
});
