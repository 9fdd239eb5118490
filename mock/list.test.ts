// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listQuery } from './list';
import { HttpError } from './http';

interface Row {
  id: number;
  name: string;
  status: 'a' | 'b';
  createdAt: string;
  amount: number;
}
const rows: Row[] = Array.from({ length: 57 }, (_, i) => ({
  id: i + 1,
  name: i % 3 === 0 ? `王${i}` : `李${i}`,
  status: i % 2 ? 'a' : 'b',
  createdAt: `2026-10-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`,
  amount: (i * 37) % 101,
}));
const spec = { keywordFields: ['name'] as (keyof Row)[], equalFields: ['status'] as (keyof Row)[], dateField: 'createdAt' as const, sortable: ['amount', 'createdAt'] as (keyof Row)[] };

describe('listQuery: filter, then sort, then page', () => {
  it('total counts the filtered set, not the page', () => {
    const r = listQuery(rows, { status: 'a', page: '2', pageSize: '10' }, spec, 'en');
    expect(r.total).toBe(rows.filter((x) => x.status === 'a').length);
    expect(r.list).toHaveLength(10);
    expect(r.list.every((x) => x.status === 'a')).toBe(true);
  });
  it('keyword, date range and sort together', () => {
    const r = listQuery(rows, { keyword: '王', startDate: '2026-10-05', endDate: '2026-10-20', sortField: 'amount', sortOrder: 'descend', pageSize: '200' }, spec, 'en');
    const expected = rows.filter((x) => x.name.includes('王') && x.createdAt >= '2026-10-05' && x.createdAt.slice(0, 10) <= '2026-10-20');
    expect(r.total).toBe(expected.length);
    const amounts = r.list.map((x) => x.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });
  it('comma means any of', () => {
    expect(listQuery(rows, { status: 'a,b' }, spec, 'en').total).toBe(57);
  });
  it.each([
    [{ pageSize: '201' }, 'pageSize must be a whole number from 1 to 200.'],
    [{ pageSize: '0' }, 'pageSize must be a whole number from 1 to 200.'],
    [{ page: '0' }, 'page must be a whole number from 1.'],
    [{ page: 'x' }, 'page must be a whole number from 1.'],
    [{ sortField: 'name' }, 'Cannot sort by name.'],
    [{ startDate: '2026/10/01' }, 'startDate must be a date YYYY-MM-DD.'],
    [{ startDate: '2026-10-09', endDate: '2026-10-01' }, 'The start date must not be after the end date.'],
  ])('400 for %o', (q, msg) => {
    expect(() => listQuery(rows, q as Record<string, string>, spec, 'en')).toThrow(new HttpError(400, msg));
  });
  it('property: pages partition the filtered, sorted set', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.constantFrom('a', 'b', ''), (pageSize, status) => {
        const all = listQuery(rows, { status, pageSize: '200', sortField: 'amount' }, spec, 'en');
        const pages: Row[] = [];
        for (let p = 1; (p - 1) * pageSize < all.total; p += 1) {
          const r = listQuery(rows, { status, page: String(p), pageSize: String(pageSize), sortField: 'amount' }, spec, 'en');
          expect(r.total).toBe(all.total);
          pages.push(...r.list);
        }
        expect(pages.map((x) => x.id)).toEqual(all.list.map((x) => x.id));
      }),
      { numRuns: 40 },
    );
  });
});
