// @vitest-environment node
/** The paged sort of listQuery (bounded selection near the top) equals a full stable sort then slice. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listQuery } from './list';

interface Row {
  id: number;
  at: string;
  name: string;
  n?: number;
}

const spec = { sortable: ['at', 'name', 'n'] as (keyof Row)[] };
const collator = new Intl.Collator('zh-CN');

function reference(rows: Row[], field: keyof Row, dir: number): Row[] {
  const cmp = (a: unknown, b: unknown) => {
    if (a === b) return 0;
    if (a === undefined || a === null) return -1;
    if (b === undefined || b === null) return 1;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return collator.compare(String(a), String(b));
  };
  return [...rows].sort((x, y) => dir * cmp(x[field], y[field]));
}

const row = fc.record({
  id: fc.nat(),
  // Days and stamps mixed ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss'), as in the revenue drill-down.
  at: fc
    .tuple(fc.date({ min: new Date('2025-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }), fc.constantFrom(10, 16, 19, 19))
    .map(([d, len]) => d.toISOString().slice(0, len).replace('T', ' ')),
  name: fc.constantFrom('王若汐', 'Anna', 'anna', '李浩然', 'Zed', '陈嘉怡', 'b'),
  n: fc.option(fc.integer({ min: -5, max: 5 }), { nil: undefined }),
});

describe('listQuery sorting', () => {
  it('any page equals the full stable sort', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 300 }), fc.constantFrom<keyof Row>('at', 'name', 'n'), fc.boolean(), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 20 }), (rows, field, desc, page, pageSize) => {
        const got = listQuery(rows, { sortField: String(field), sortOrder: desc ? 'descend' : 'ascend', page: String(page), pageSize: String(pageSize) }, spec, 'en');
        const want = reference(rows, field, desc ? -1 : 1).slice((page - 1) * pageSize, page * pageSize);
        expect(got.list).toEqual(want);
        expect(got.total).toBe(rows.length);
      }),
      { numRuns: 300 },
    );
  });
});
