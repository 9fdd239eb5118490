/**
 * One pattern for every create/edit modal: a create form opens empty the second time (after saving or cancelling),
 * an edit form opens with its record, and an add opened after an edit is empty. Checked on the shared FormModal and
 * on each form family (students, customers/leads, card templates), plus the number rules (field errors, no clamps).
 */
import React from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { ProFormText } from '@ant-design/pro-components';
import FormModal from './index';
import NumberInput from '@/components/NumberInput';
import { numberRange } from '@/components/NumberInput/rules';
import { StudentFormModal } from '@/pages/student/list/components/StudentForms';
import AddCustomer from '@/pages/customer/components/AddCustomer';
import ModifyCustomer from '@/pages/customer/components/ModifyCustomer';
import { TemplateForm } from '@/pages/school/class-card/components/List';
import { TemplateForm as MessageTemplateForm } from '@/pages/template-message';
import SendNoticeModal from '@/pages/service-message/components/SendNoticeModal';
import { loginAs, renderApp } from '../../../tests/utils/render';
import { getDb, resetDb } from '../../../mock/db';
import { allLeads, rowsOf, allCardTemplates, studentsIn } from '../../../mock/testing';
import { messageTemplates } from '../../../server/db/schema';

const slow = { timeout: 15000 };

async function openDialog(button: string, title?: string | RegExp) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog', title ? { name: title } : {}, slow);
}
/** Cancels the form; a changed form asks first (issue 31, discardGuard.test.tsx): the changes are discarded. */
async function cancel(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => {
    const question = screen.queryAllByRole('dialog').find((d) => d.textContent?.includes('Discard your changes?'));
    if (question) fireEvent.click(within(question).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, slow);
}

function Plain({ record }: { record?: { name: string } }) {
  return (
    <FormModal title="Thing" trigger={<button type="button">{record ? 'edit' : 'add'}</button>} initialValues={record} onFinish={async () => true}>
      <ProFormText name="name" label="Name" />
    </FormModal>
  );
}

describe('FormModal', () => {
  beforeEach(() => resetDb());

  it('opens add empty after saving or cancelling, and edit with its record', async () => {
    renderApp(
      <>
        <Plain />
        <Plain record={{ name: 'Ada' }} />
      </>,
    );
    let dialog = await openDialog('add');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'typed' } });
    await cancel(dialog);
    dialog = await openDialog('add');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'saved' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    dialog = await openDialog('add');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
    await cancel(dialog);
    dialog = await openDialog('edit');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Ada');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'changed' } });
    await cancel(dialog);
    dialog = await openDialog('edit');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Ada');
    await cancel(dialog);
    dialog = await openDialog('add');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
  });

  it('number rules are field errors (no clamp) and a minus sign is reported', async () => {
    render(
      <Form>
        <Form.Item name="age" label="Age" rules={[numberRange({ min: 1, max: 80, integer: true })]}>
          <NumberInput />
        </Form.Item>
      </Form>,
    );
    const input = screen.getByLabelText('Age');
    fireEvent.change(input, { target: { value: '999' } });
    expect(input).toHaveValue('999');
    expect(await screen.findByText('Enter a number from 1 to 80.', {}, slow)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '-5' } });
    expect(await screen.findByText('A minus sign is not allowed here: enter a positive number.', {}, slow)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '2.5' } });
    expect(await screen.findByText('Enter a whole number.', {}, slow)).toBeInTheDocument();
  });
});

describe('form families: add twice, edit then add', () => {
  beforeEach(() => resetDb());

  it('students', { timeout: 90000 }, async () => {
    const session = await loginAs('manager');
    const mine = await studentsIn(2);
    const student = mine.find((s) => s.parentName && s.remark !== undefined) ?? mine[0];
    renderApp(
      <>
        <StudentFormModal trigger={<button type="button">add</button>} />
        <StudentFormModal student={student} trigger={<button type="button">edit</button>} />
      </>,
      { route: '/', session },
    );
    let dialog = await openDialog('add', 'Add student');
    fireEvent.change(within(dialog).getByLabelText('Student name'), { target: { value: 'First Child' } });
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'Allergic to peanuts' } });
    await cancel(dialog);
    dialog = await openDialog('add', 'Add student');
    expect(within(dialog).getByLabelText('Student name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Remark')).toHaveValue('');
    await cancel(dialog);
    dialog = await openDialog('edit', 'Edit student');
    expect(within(dialog).getByLabelText('Student name')).toHaveValue(student.name);
    await cancel(dialog);
    dialog = await openDialog('add', 'Add student');
    expect(within(dialog).getByLabelText('Student name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Mobile')).toHaveValue('');
  });

  it('customers', { timeout: 90000 }, async () => {
    const session = await loginAs('manager');
    const lead = (await allLeads()).find((l) => l.companyId === 2 && l.status !== 'formal')!;
    renderApp(
      <>
        <AddCustomer canAssign={false} onDone={() => undefined} />
        <ModifyCustomer lead={lead} onDone={() => undefined} />
      </>,
      { route: '/', session },
    );
    let dialog = await openDialog('plus Add customer', 'Add customer');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Someone' } });
    await cancel(dialog);
    dialog = await openDialog('plus Add customer', 'Add customer');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
    await cancel(dialog);
    fireEvent.click(screen.getByText('Edit'));
    dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByLabelText('Name')).toHaveValue(lead.name);
    await cancel(dialog);
    dialog = await openDialog('plus Add customer', 'Add customer');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Mobile')).toHaveValue('');
  });

  it('card templates (school setup)', { timeout: 90000 }, async () => {
    const session = await loginAs('manager');
    const tpl = (await allCardTemplates()).find((x) => x.companyId === 2)!;
    renderApp(
      <>
        <TemplateForm trigger={<button type="button">add</button>} onDone={() => undefined} />
        <TemplateForm tpl={tpl} trigger={<button type="button">edit</button>} onDone={() => undefined} />
      </>,
      { route: '/', session },
    );
    let dialog = await openDialog('edit', 'Edit card template');
    expect(within(dialog).getByLabelText('Template name')).toHaveValue(tpl.name);
    await cancel(dialog);
    dialog = await openDialog('add', 'New card template');
    expect(within(dialog).getByLabelText('Template name')).toHaveValue('');
    fireEvent.change(within(dialog).getByLabelText('Template name'), { target: { value: 'typed' } });
    await cancel(dialog);
    dialog = await openDialog('add', 'New card template');
    expect(within(dialog).getByLabelText('Template name')).toHaveValue('');
  });
  it('message templates (a form with its own form instance)', { timeout: 90000 }, async () => {
    const session = await loginAs('manager');
    const r = (await rowsOf(messageTemplates)).find((x) => x.companyId === 2)!;
    const tpl = { id: r.id, companyId: r.companyId, name: r.name, scene: r.scene, text: r.text, updatedAt: '', updatedBy: r.updatedBy };
    renderApp(
      <>
        <MessageTemplateForm trigger={<button type="button">add</button>} onDone={() => undefined} />
        <MessageTemplateForm tpl={tpl} trigger={<button type="button">edit</button>} onDone={() => undefined} />
      </>,
      { route: '/', session },
    );
    let dialog = await openDialog('add', 'Add template');
    fireEvent.change(within(dialog).getByLabelText('Template name'), { target: { value: 'typed' } });
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Dear {studentName}' } });
    await cancel(dialog);
    dialog = await openDialog('add', 'Add template');
    expect(within(dialog).getByLabelText('Template name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Text')).toHaveValue('');
    await cancel(dialog);
    dialog = await openDialog('edit', 'Edit template');
    expect(within(dialog).getByLabelText('Template name')).toHaveValue(tpl.name);
    await cancel(dialog);
    dialog = await openDialog('add', 'Add template');
    expect(within(dialog).getByLabelText('Template name')).toHaveValue('');
  });
  it('send notice (a plain modal with a form): cancel drops what was typed', { timeout: 90000 }, async () => {
    const session = await loginAs('manager');
    renderApp(<SendNoticeModal onDone={() => undefined} />, { route: '/', session });
    let dialog = await openDialog('Send notice', 'Send notice');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Holiday' } });
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'No lessons on Friday' } });
    await cancel(dialog);
    dialog = await openDialog('Send notice', 'Send notice');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('');
    expect(within(dialog).getByLabelText('Text')).toHaveValue('');
  });
});

describe('money of 0 asks first', () => {
  beforeEach(() => resetDb());

  it('a card template priced ¥0: cancelled keeps the form and creates nothing, confirmed saves it', { timeout: 90000 }, async () => {
    const session = await loginAs('manager');
    renderApp(<TemplateForm trigger={<button type="button">add</button>} onDone={() => undefined} />, { route: '/', session });
    const dialog = await openDialog('add', 'New card template');
    fireEvent.change(within(dialog).getByLabelText('Template name'), { target: { value: 'Free taster' } });
    fireEvent.change(within(dialog).getByLabelText('Hours'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Price (¥)'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Valid days'), { target: { value: '30' } });
    const before = (await allCardTemplates()).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    let confirm = (await screen.findAllByText('The amount is ¥0.00', {}, slow))[0];
    fireEvent.click(within(confirm.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryAllByText('The amount is ¥0.00')).toHaveLength(0), slow);
    expect((await allCardTemplates()).length).toBe(before);
    expect(within(dialog).getByLabelText('Template name')).toHaveValue('Free taster');
    fireEvent.click(await waitFor(() => within(dialog).getByRole('button', { name: 'OK' }), slow));
    confirm = (await screen.findAllByText('The amount is ¥0.00', {}, slow))[0];
    fireEvent.click(within(confirm.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: 'Yes, ¥0' }));
    await waitFor(async () => expect((await allCardTemplates()).length).toBe(before + 1), slow);
    expect((await allCardTemplates()).at(-1)).toMatchObject({ name: 'Free taster', price: 0 });
  });
});
