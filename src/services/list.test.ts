// @vitest-environment node
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { tableRequest, toListQuery } from './list';

describe('toListQuery (docs/api.md#lists)', () => {
  it('maps paging, filters, keyword, sort and date ranges', () => {
    expect(
      toListQuery(
        { current: 3, pageSize: 20, keyword: '  王 ', status: 'active', campusId: 2, empty: '', dateRange: [dayjs('2026-11-01'), dayjs('2026-11-30')] },
        { createdAt: 'descend' },
        { role: ['teacher', 'sales'] },
      ),
    ).toEqual({
      page: 3,
      pageSize: 20,
      keyword: '王',
      status: 'active',
      campusId: 2,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      sortField: 'createdAt',
      sortOrder: 'descend',
      role: 'teacher,sales',
    });
  });
  it('defaults to page 1 of 10 and ignores empty sort and filters', () => {
    expect(toListQuery({}, { name: null }, { role: null })).toEqual({ page: 1, pageSize: 10 });
  });
  it('string date ranges work too, with custom range keys', () => {
    expect(toListQuery({ created: ['2026-01-01 00:00:00', '2026-01-31 23:59:59'] }, {}, {}, ['created'])).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
  });
});

describe('tableRequest', () => {
  it('answers ProTable with data, total, success', async () => {
    const seen: unknown[] = [];
    const req = tableRequest(async (q) => {
      seen.push(q);
      return { list: [{ id: 1 }], total: 31 };
    });
    await expect(req({ current: 2, pageSize: 10 }, { id: 'ascend' })).resolves.toEqual({ data: [{ id: 1 }], total: 31, success: true });
    expect(seen).toEqual([{ page: 2, pageSize: 10, sortField: 'id', sortOrder: 'ascend' }]);
  });
  it('a failed call is success: false with no rows (the request layer showed the error)', async () => {
    const req = tableRequest(async () => {
      throw new Error('boom');
    });
    await expect(req({})).resolves.toEqual({ data: [], total: 0, success: false });
  });
});
