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

  it('mounts the table once with its first page: rows and the pages of its total in the same render, no empty table first', { timeout: 30000 }, async () => {
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (document.querySelector('.ant-table-placeholder')) seen.push('empty table');
      if (document.querySelector('.ant-table-row')) seen.push('rows');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Student ${i + 1}`, campusId: 2 }));
    const request = vi.fn(async () => ({ data: rows, total: 25, success: true }));
    render(<ListTable<Row> rowKey="id" columns={[{ title: 'Name', dataIndex: 'name' }]} request={request} pagination={{ defaultPageSize: 10 }} />);
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByText('Student 1', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination-item-3')).not.toBeNull();
    observer.disconnect();
    expect(seen).not.toContain('empty table');
    await waitFor(() => expect(document.querySelector('.ant-pagination-item-3')).not.toBeNull());
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('does not wait long for a slow first page: the table shows, then its rows when they come', { timeout: 30000 }, async () => {
    let answer: (v: { data: Row[]; total: number; success: boolean }) => void = () => undefined;
    const request = vi.fn(() => new Promise<{ data: Row[]; total: number; success: boolean }>((r) => (answer = r)));
    // Other columns than the test before: a first page still in flight from an unmounted table is reused for 5 s.
    const columns: ProColumns<Row>[] = [{ title: 'Name', dataIndex: 'name' }, { title: 'Campus', dataIndex: 'campusId' }];
    render(<ListTable<Row> rowKey="id" columns={columns} request={request} pagination={{ defaultPageSize: 10 }} />);
    await waitFor(() => expect(document.querySelector('.ant-table')).not.toBeNull(), { timeout: 15000 });
    expect(screen.queryByText('Late')).toBeNull();
    answer({ data: [{ id: 1, name: 'Late', campusId: 2 }], total: 1, success: true });
    expect(await screen.findByText('Late', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(request).toHaveBeenCalledTimes(1);
  });
});
