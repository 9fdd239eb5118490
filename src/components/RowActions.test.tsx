/** Row actions (issue 31): the primary action inline, the rest behind a keyboard-usable "More"; confirmations kept. */
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Space } from 'antd';
import DeleteAction from './DeleteAction';
import RowActions, { ACTIONS_WIDTH, compactColumns, flattenActions, secondaryColumnsState } from './RowActions';

describe('flattenActions', () => {
  it('opens fragments, arrays and a wrapping Space, and drops empty actions', () => {
    const items = flattenActions(
      <Space>
        <a>View</a>
        {false}
        <>
          <a>Edit</a>
          {null}
        </>
        {[<a key="x">Pay</a>]}
      </Space>,
    );
    expect(items.map((i) => (i.props as { children: string }).children)).toEqual(['View', 'Edit', 'Pay']);
  });
});

describe('compactColumns / secondaryColumnsState', () => {
  it('makes the actions column compact and pinned, leaves the others, and hides the secondary ones', () => {
    const cols = compactColumns([{ dataIndex: 'name' }, { title: 'Actions', valueType: 'option', render: () => <a>View</a> }]);
    expect(cols[0]).toEqual({ dataIndex: 'name' });
    expect(cols[1]).toMatchObject({ fixed: 'right', width: ACTIONS_WIDTH });
    expect(secondaryColumnsState([{ dataIndex: 'name' }, { dataIndex: 'role' }, { key: 'hours', dataIndex: 'h' }], ['role', 'hours'])).toEqual({
      defaultValue: { role: { show: false }, hours: { show: false } },
    });
  });
});

describe('RowActions', () => {
  it('shows the primary action and a "More" disclosure; the keyboard opens it, moves and closes it', async () => {
    const view = vi.fn();
    const pay = vi.fn();
    render(
      <App>
        <RowActions>
          <a onClick={view}>View</a>
          <a onClick={pay}>Pay</a>
          <a>Slip</a>
        </RowActions>
      </App>,
    );
    expect(screen.getByText('View')).toBeTruthy();
    // The other actions are not built until "More" is opened.
    expect(screen.queryByText('Pay')).toBeNull();
    const more = screen.getByRole('button', { name: 'More actions' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    act(() => more.focus());
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    await waitFor(() => expect(more.getAttribute('aria-expanded')).toBe('true'));
    const payLink = await screen.findByText('Pay');
    await waitFor(() => expect(document.activeElement).toBe(payLink));
    fireEvent.keyDown(payLink, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByText('Slip'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(payLink);
    fireEvent.keyDown(payLink, { key: 'Enter' });
    expect(pay).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByText('Slip'), { key: 'Escape' });
    await waitFor(() => expect(more.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(more);
    expect(view).not.toHaveBeenCalled();
  });

  it('a destructive action in the menu still asks before it deletes', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    render(
      <App>
        <RowActions>
          <a>View</a>
          <DeleteAction title="Delete Room 1?" onDelete={onDelete} />
        </RowActions>
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByText('Delete'));
    expect(await screen.findByText('Delete Room 1?')).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });

  it('one action is shown as it is, without "More"', () => {
    render(
      <App>
        <RowActions>
          <a>Only</a>
        </RowActions>
      </App>,
    );
    expect(screen.getByText('Only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
  });
});
