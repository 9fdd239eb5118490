import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import DeleteAction from './DeleteAction';

describe('DeleteAction', () => {
  it('is a plain link until clicked; the click asks for confirmation and only the confirmation deletes', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    const onDone = vi.fn();
    render(
      <App>
        <DeleteAction title="Delete Room 1?" onDelete={onDelete} onDone={onDone} successText="Room deleted" />
      </App>,
    );
    expect(document.querySelector('.ant-popover')).toBeNull();
    fireEvent.click(screen.getByText('Delete'));
    expect(await screen.findByText('Delete Room 1?')).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Room deleted')).toBeTruthy();
  });

  it('cancelling deletes nothing, and the link asks again on the next click', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    render(
      <App>
        <DeleteAction title="Delete Room 2?" onDelete={onDelete} />
      </App>,
    );
    fireEvent.click(screen.getByText('Delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).toBeNull());
    fireEvent.click(screen.getByText('Delete'));
    await waitFor(() => expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).not.toBeNull());
    expect(onDelete).not.toHaveBeenCalled();
  });
});
