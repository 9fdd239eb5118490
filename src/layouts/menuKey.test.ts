import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/config/routeTable';
import { menuKeyFor } from './menuKey';

describe('menuKeyFor: one highlighted menu entry per page', () => {
  it('exact entries highlight only themselves (no /customer with /customer/formal)', () => {
    expect(menuKeyFor('/customer/formal', ROUTES)).toBe('/customer/formal');
    expect(menuKeyFor('/customer/data', ROUTES)).toBe('/customer/data');
    expect(menuKeyFor('/customer', ROUTES)).toBe('/customer');
  });
  it('sub-pages highlight their list', () => {
    expect(menuKeyFor('/schedule/free/add', ROUTES)).toBe('/schedule/free/list');
    expect(menuKeyFor('/customer/TimeSelect', ROUTES)).toBe('/customer/data');
  });
  it('pages outside the menu highlight none', () => {
    expect(menuKeyFor('/user/setting', ROUTES)).toBeUndefined();
  });
});
