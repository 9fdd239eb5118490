/** ListTable (issue 10): the list call is made at the first render, before the filters' options answer, and once. */
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import type { ProColumns } from '@ant-design/pro-components';
import ListTable, { firstRequestArgs, requestKey } from './ListTable';

type Row = { id: number; name: string; campusId: number };

describe('firstRequestArgs / requestKey', () => {
  it('predicts page, page size, initial values, params, default sort and filters', () => {
    const columns: ProColumns<Row>[] = [
      { dataIndex: 'name', sorter: true, defaultSortOrder: 'descend' },
      { dataIndex: 'campusId', initialValue: 2 },
      { dataIndex: 'status', filters: [{ text: 'a', value: 'a' }], defaultFilteredValue: ['a'] },
    ];
    const [params, sort, filter] = firstRequestArgs({ columns: columns as never, pagination: { defaultPageSize: 10 }, form: { initialValues: { keyword: 'x' } }, params: { kind: 'k' } });
    expect(params).toEqual({ current: 1, pageSize: 10, campusId: 2, keyword: 'x', kind: 'k' });
    expect(sort).toEqual({ name: 'descend' });
    expect(filter).toEqual({ status: ['a'] });
  });
  it('compares requests as list queries (empty values, order, dates, arrays)', () => {
    expect(requestKey({ current: 1, pageSize: 10, keyword: ' ', campusId: 2 }, {}, { s: null })).toBe(requestKey({ campusId: '2', pageSize: 10, current: 1 }, {}, {}));
    expect(requestKey({ d: dayjs('2026-11-02'), ids: [1, 2] }, {}, {})).toBe(requestKey({ d: '2026-11-02', ids: '1,2' }, {}, {}));
    expect(requestKey({ current: 1 }, {}, {})).not.toBe(requestKey({ current: 2 }, {}, {}));
  });
});

describe('ListTable', () => {
  it('sends the list call before the filter options answer, uses it for the first page, and calls once', async () => {
    const order: string[] = [];
    let answerOptions: (v: { value: number; label: string }[]) => void = () => undefined;
    const options = vi.fn(() => {
      order.push('options');
      return new Promise<{ value: number; label: string }[]>((r) => (answerOptions = r));
    });
    const request = vi.fn(async () => {
      order.push('list');
      return { data: [{ id: 1, name: 'Ann', campusId: 2 }], total: 1, success: true };
    });
    const columns: ProColumns<Row>[] = [
      { title: 'Name', dataIndex: 'name', sorter: true, defaultSortOrder: 'ascend' },
      { title: 'Campus', dataIndex: 'campusId', valueType: 'select', request: options, render: (_, r) => `campus ${r.campusId}` },
    ];
    render(<ListTable<Row> rowKey="id" columns={columns} request={request} pagination={{ defaultPageSize: 10 }} />);
    expect(order).toContain('list');
    expect(await screen.findByText('Ann')).toBeInTheDocument();
    answerOptions([{ value: 2, label: 'North' }]);
    await waitFor(() => expect(options).toHaveBeenCalled());
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ current: 1, pageSize: 10 }), { name: 'ascend' }, {});
  });
});
