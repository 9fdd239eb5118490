/**
 * Closing a filled form asks first (issue 31): Escape, the close X, Cancel and the mask on a changed form ask
 * "Discard your changes?"; Keep editing keeps what was typed, Discard closes and empties it; an untouched form and a
 * saved one close at once. Real pro-components ModalForm / DrawerForm through the shared guard, real antd confirm.
 */
import React from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { ProFormSelect, ProFormText } from '@ant-design/pro-components';
import FormModal, { GuardedDrawerForm, GuardedModalForm } from './index';
import { renderApp } from '../../../tests/utils/render';
import { resetDb } from '../../../mock/db';

const slow = { timeout: 15000 };

function Sell({ onCancel, onFinish = async () => true }: { onCancel?: () => void; onFinish?: () => Promise<boolean> }) {
  return (
    <FormModal title="Sell a card" trigger={<button type="button">sell</button>} onFinish={onFinish} modalProps={{ onCancel }}>
      <ProFormText name="remark" label="Remark" />
    </FormModal>
  );
}

const formDialog = () => screen.queryAllByRole('dialog').find((d) => within(d).queryByLabelText('Remark')) ?? null;
const question = () => screen.queryAllByRole('dialog').find((d) => d.textContent?.includes('Discard your changes?')) ?? null;

async function openForm() {
  fireEvent.click(screen.getByRole('button', { name: 'sell' }));
  await waitFor(() => expect(formDialog()).not.toBeNull(), slow);
  return formDialog()!;
}
const settle = () => act(() => new Promise((r) => setTimeout(r, 200)));

describe('closing a changed form asks first', () => {
  beforeEach(() => resetDb());

  it('an untouched form closes at once (Cancel, Escape)', async () => {
    renderApp(<Sell />);
    let dialog = await openForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(formDialog()).toBeNull(), slow);
    dialog = await openForm();
    fireEvent.keyDown(dialog, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(formDialog()).toBeNull(), slow);
    expect(question()).toBeNull();
  });

  it('Escape on a filled form asks; Keep editing keeps the input; Discard closes and empties it', async () => {
    const onCancel = vi.fn();
    renderApp(<Sell onCancel={onCancel} />);
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'paid in cash' } });
    fireEvent.keyDown(dialog, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(question()).not.toBeNull(), slow);
    // Which button holds the focus is checked in the browser (tests/e2e/dialogs.spec.ts): jsdom's focus after antd's
    // nested dialog opens depends on timers and is not a reliable signal here.
    fireEvent.click(within(question()!).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).toBeNull(), slow);
    await settle();
    expect(formDialog()).not.toBeNull();
    expect(within(formDialog()!).getByLabelText('Remark')).toHaveValue('paid in cash');
    expect(onCancel).not.toHaveBeenCalled();
    // The close X asks too; Discard closes, and the caller's own onCancel runs then.
    fireEvent.click(within(formDialog()!).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(question()).not.toBeNull(), slow);
    fireEvent.click(within(question()!).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(formDialog()).toBeNull(), slow);
    expect(onCancel).toHaveBeenCalledTimes(1);
    const again = await openForm();
    expect(within(again).getByLabelText('Remark')).toHaveValue('');
  });

  it('Cancel on a filled form asks; a successful save closes without asking', async () => {
    renderApp(<Sell />);
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'typed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(question()).not.toBeNull(), slow);
    fireEvent.click(within(question()!).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).toBeNull(), slow);
    fireEvent.click(within(formDialog()!).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(formDialog()).toBeNull(), slow);
    expect(question()).toBeNull();
  });

  it('a default the form sets itself (setFieldsValue, like the seller of Sell a card) is not a change', async () => {
    function WithDefault() {
      const [form] = Form.useForm();
      return (
        <FormModal title="Sell a card" form={form} trigger={<button type="button">sell</button>} onFinish={async () => true}>
          <ProFormText name="remark" label="Remark" />
          <ProFormSelect
            name="sellerId"
            label="Seller"
            request={async () => {
              form.setFieldsValue({ sellerId: 3 });
              return [{ value: 3, label: 'Me' }];
            }}
          />
        </FormModal>
      );
    }
    renderApp(<WithDefault />);
    const dialog = await openForm();
    await settle();
    fireEvent.keyDown(dialog, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(formDialog()).toBeNull(), slow);
    expect(question()).toBeNull();
  });

  it('a failed save keeps the form, and closing it then still asks', async () => {
    renderApp(<Sell onFinish={async () => false} />);
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'typed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await settle();
    expect(formDialog()).not.toBeNull();
    fireEvent.keyDown(formDialog()!, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(question()).not.toBeNull(), slow);
  });

  it('a bare ModalForm (mask click) and a DrawerForm get the same rule', async () => {
    renderApp(
      <>
        <GuardedModalForm title="Invoice" trigger={<button type="button">invoice</button>} onFinish={async () => true}>
          <ProFormText name="remark" label="Remark" />
        </GuardedModalForm>
        <GuardedDrawerForm title="Drawer" trigger={<button type="button">drawer</button>} onFinish={async () => true}>
          <ProFormText name="note" label="Note" />
        </GuardedDrawerForm>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'invoice' }));
    await waitFor(() => expect(formDialog()).not.toBeNull(), slow);
    fireEvent.change(within(formDialog()!).getByLabelText('Remark'), { target: { value: 'typed' } });
    const wrap = document.querySelector<HTMLElement>('.ant-modal-wrap')!;
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    await waitFor(() => expect(question()).not.toBeNull(), slow);
    fireEvent.click(within(question()!).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(formDialog()).toBeNull(), slow);

    fireEvent.click(screen.getByRole('button', { name: 'drawer' }));
    const note = await screen.findByLabelText('Note', {}, slow);
    fireEvent.change(note, { target: { value: 'typed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(question()).not.toBeNull(), slow);
    fireEvent.click(within(question()!).getByRole('button', { name: 'Keep editing' }));
    await settle();
    expect(screen.getByLabelText('Note')).toHaveValue('typed');
  });

  it('asks in Chinese too', async () => {
    renderApp(<Sell />, { locale: 'zh-CN' });
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'typed' } });
    fireEvent.keyDown(dialog, { key: 'Escape', keyCode: 27 });
    const asked = () => screen.queryAllByRole('dialog').find((d) => d.textContent?.includes('放弃所做的修改？'));
    await waitFor(() => expect(asked()).toBeDefined(), slow);
    expect(asked()).toHaveTextContent('此表单中填写的内容将会丢失。');
    expect(within(asked()!).getByRole('button', { name: '继续编辑' })).toBeInTheDocument();
    expect(within(asked()!).getByRole('button', { name: /^放\s?弃$/ })).toBeInTheDocument();
  });
});
