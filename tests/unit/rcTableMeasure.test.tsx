/**
 * rc-table as the build patches it (config/loaders/proLayoutPatches.cjs, applied here by vitest.config.mts): a table
 * whose first paint does not depend on the measured column widths (at most one fixed column, no fixed or sticky
 * header) no longer reads them in a layout effect while mounting, which made the browser lay the page out inside
 * React's commit and render the table again; tables that need the widths at once still measure on mount.
 */
import React from 'react';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// rc-table's ES build: the one webpack bundles and the build patches (its `main` is the CommonJS build).
import Table from 'rc-table/es';

type Row = { key: number; name: string; age: number; city: string };
const data: Row[] = [
  { key: 1, name: 'Ann', age: 9, city: 'Oslo' },
  { key: 2, name: 'Bo', age: 11, city: 'Rome' },
];
const base = [
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'Age', dataIndex: 'age', key: 'age' },
  { title: 'City', dataIndex: 'city', key: 'city' },
];

let measured: string[] = [];
let spy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  measured = [];
  spy = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('rc-table-measure-cell')) measured.push(this.textContent ?? '');
    return 100;
  });
});
afterEach(() => spy.mockRestore());

describe('rc-table column measurement on mount (build patch)', () => {
  it('is skipped for a horizontally scrolling table with one fixed column (the actions, on the right)', () => {
    const columns = [...base, { title: 'Actions', key: 'op', fixed: 'right' as const, render: () => 'Edit' }];
    const { container } = render(<Table<Row> columns={columns} data={data} scroll={{ x: 'max-content' }} />);
    expect(container.querySelectorAll('.rc-table-measure-cell')).toHaveLength(4);
    expect(measured).toEqual([]);
    // The fixed column is where it would be with any widths: stuck to the right edge.
    const fixed = container.querySelector<HTMLElement>('tbody tr.rc-table-row td.rc-table-cell-fix-right');
    expect(fixed?.style.right).toBe('0px');
  });

  it('still happens when offsets depend on widths (two fixed columns) or with a fixed header', () => {
    const twoFixed = [{ ...base[0], fixed: 'left' as const }, { ...base[1], fixed: 'left' as const }, base[2]];
    render(<Table<Row> columns={twoFixed} data={data} scroll={{ x: 'max-content' }} />);
    expect(measured.length).toBeGreaterThan(0);

    measured = [];
    render(<Table<Row> columns={base} data={data} scroll={{ x: 'max-content', y: 300 }} />);
    expect(measured.length).toBeGreaterThan(0);
  });
});
