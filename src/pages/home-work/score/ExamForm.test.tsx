/** The exam form's full mark (issue 9): out-of-range values are field errors, never clamped. */
import React from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ExamForm } from './index';
import { loginAs, renderApp } from '../../../../tests/utils/render';
import { resetDb } from '../../../../mock/db';

const slow = { timeout: 15000 };

describe('exam form', () => {
  it('a full mark of 5000 or 0.5 is a field error and stays as typed', { timeout: 60000 }, async () => {
    resetDb();
    const session = await loginAs('manager');
    renderApp(<ExamForm trigger={<button type="button">add</button>} onDone={() => undefined} />, { route: '/', session });
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add exam' }, slow);
    const fullMark = within(dialog).getByLabelText('Full mark');
    expect(fullMark).toHaveValue('100');
    fireEvent.change(fullMark, { target: { value: '5000' } });
    expect(await within(dialog).findByText('Enter a number from 1 to 1000.', {}, slow)).toBeInTheDocument();
    expect(fullMark).toHaveValue('5000');
    fireEvent.blur(fullMark);
    expect(fullMark).toHaveValue('5000');
    fireEvent.change(fullMark, { target: { value: '0.5' } });
    expect(await within(dialog).findByText('Enter a whole number.', {}, slow)).toBeInTheDocument();
  });
});
