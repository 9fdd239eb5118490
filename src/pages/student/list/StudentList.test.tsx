import React from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import StudentListPage from './index';
import { StudentFormModal } from './components/StudentForms';
import StudentDrawer from './components/StudentDrawer';
import { loginAs, renderApp } from '../../../../tests/utils/render';
import { resetDb } from '../../../../mock/handlers';
import { allLessons, allStudents, studentsIn } from '../../../../mock/testing';

const rows = () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length;
const slow = { timeout: 10000 };

describe('/student/list', () => {
  beforeEach(() => {
    resetDb();
  });

  it('shows the seeded students, 10 per page, with the add button for a manager', { timeout: 60000 }, async () => {
    const session = await loginAs('manager');
    renderApp(<StudentListPage />, { route: '/student/list?tab=StudentList', session });
    expect(await screen.findByRole('tab', { name: 'Students' }, slow)).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(rows()).toBe(10), { timeout: 20000 });
    expect(screen.getByRole('button', { name: 'Add student' })).toBeInTheDocument();
  });

  it("a row's Edit opens that student's form (created on first use) with the record, again after a cancel", { timeout: 60000 }, async () => {
    const session = await loginAs('manager');
    renderApp(<StudentListPage />, { route: '/student/list?tab=StudentList', session });
    await waitFor(() => expect(rows()).toBe(10), { timeout: 20000 });
    expect(document.querySelectorAll('.ant-modal')).toHaveLength(0);
    const first = document.querySelector('.ant-table-tbody tr.ant-table-row') as HTMLElement;
    const name = within(first).getAllByRole('cell')[0].textContent!;
    // Edit is behind the row's "More" (issue 31: the first action inline, the others in the menu).
    const edit = async () => {
      fireEvent.click(within(first).getByRole('button', { name: 'More actions' }));
      await waitFor(() => expect(document.querySelector('.row-actions-menu')).not.toBeNull());
      fireEvent.click(within(document.querySelector('.row-actions-menu') as HTMLElement).getByText('Edit'));
    };
    await edit();
    const dialog = await screen.findByRole('dialog', { name: 'Edit student' }, slow);
    expect(within(dialog).getByLabelText('Student name')).toHaveValue(name);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit student' })).toBeNull(), slow);
    await edit();
    expect(within(await screen.findByRole('dialog', { name: 'Edit student' }, slow)).getByLabelText('Student name')).toHaveValue(name);
  });

  it('a link with ?keyword= and ?studentId= searches for the student and opens the drawer', { timeout: 60000 }, async () => {
    const session = await loginAs('manager');
    // A student whose mobile no other student shares (parents' numbers can be shared by siblings).
    const all = await studentsIn(2);
    const student = all.find((x) => x.name.length >= 2 && all.filter((y) => y.mobile.includes(x.mobile)).length === 1)!;
    renderApp(<StudentListPage />, { route: `/student/list?keyword=${encodeURIComponent(student.mobile)}&studentId=${student.id}`, session });
    await waitFor(() => expect(rows()).toBe(1), { timeout: 20000 });
    expect(screen.getByDisplayValue(student.mobile)).toBeInTheDocument();
    const drawer = await screen.findByRole('dialog', undefined, slow);
    await waitFor(() => expect(within(drawer).getAllByText(student.name).length).toBeGreaterThan(0), { timeout: 20000 });
  });

  it('the drawer names lesson statuses in words (no raw codes)', { timeout: 60000 }, async () => {
    const session = await loginAs('manager');
    const lessons = await allLessons();
    const today = new Date().toISOString().slice(0, 10);
    const student = (await studentsIn(2)).find((s) => lessons.some((l) => s.classIds.includes(l.classId) && l.date < today && l.date >= s.createdAt.slice(0, 10) && l.status === 'finished'))!;
    renderApp(<StudentDrawer studentId={student.id} onClose={() => undefined} onChanged={() => undefined} />, { route: '/student/list', session });
    const drawer = await screen.findByRole('dialog', undefined, slow);
    fireEvent.click(await within(drawer).findByRole('tab', { name: 'Recent lessons' }, { timeout: 20000 }));
    expect((await within(drawer).findAllByRole('cell', { name: 'Finished' }, { timeout: 20000 })).length).toBeGreaterThan(0);
    expect(within(drawer).queryAllByRole('cell', { name: /^(finished|scheduled|cancelled)$/ })).toHaveLength(0);
  });

  it('validates the student form and keeps the input when the server refuses', { timeout: 60000 }, async () => {
    const session = await loginAs('manager');
    renderApp(<StudentFormModal trigger={<button type="button">open</button>} />, { route: '/', session });
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: /OK|Confirm/ }));
    const fill = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    submit();
    expect(await within(dialog).findByText('Please enter the name.', {}, slow)).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter the mobile number.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose a campus.')).toBeInTheDocument();
    fill('Mobile', '2391234');
    expect(await within(dialog).findByText('Enter an 11-digit mobile number starting with 1.', {}, slow)).toBeInTheDocument();
    const existing = (await studentsIn(2))[0];
    fill('Student name', existing.name);
    fill('Mobile', existing.mobile);
    fireEvent.mouseDown(within(dialog).getByLabelText('Campus'));
    fireEvent.click(await screen.findByTitle('Downtown', {}, slow));
    submit();
    expect(await screen.findByText(/already exists/, {}, slow)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mobile')).toHaveValue(existing.mobile);
    fill('Mobile', '13711112222');
    submit();
    await waitFor(async () => expect((await allStudents()).some((s) => s.mobile === '13711112222' && s.name === existing.name)).toBe(true), slow);
  });
});
