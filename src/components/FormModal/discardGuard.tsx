/**
 * Closing a filled form asks first (issue 31), one rule for every ModalForm and DrawerForm: Escape, the close X,
 * Cancel and a mask click on a form whose fields the user changed ask "Discard your changes?" (Keep editing is
 * focused: Enter or Escape keep the input); an untouched form closes at once, and so does a form after a successful
 * save (`onFinish` returned true). Discarding resets the form to its initial values. "Changed" is what the user typed
 * or picked (the form's `onValuesChange`, which values set by the code do not call: `isFieldsTouched()` counts a
 * default the form sets with `setFieldsValue`, e.g. the seller of "Sell a card", so it is not used).
 * `useDiscardGuard(props)` gives the props to spread on a ModalForm/DrawerForm (open state, form ref, onFinish and the
 * modal's onCancel / drawer's onClose); `GuardedModalForm` / `GuardedDrawerForm` are ModalForm / DrawerForm with it,
 * and FormModal is built on GuardedModalForm.
 */
import React, { useRef, useState } from 'react';
import { App, Modal } from 'antd';
import { DrawerForm, ModalForm, type DrawerFormProps, type ModalFormProps, type ProFormInstance } from '@ant-design/pro-components';
import type { FormInstance } from 'antd';
import { useIntl } from '@/locales/useIntl';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Values = Record<string, any>;

interface GuardInput<T extends Values> {
  open?: boolean;
  onValuesChange?: (changed: Partial<T>, values: T) => void;
  onOpenChange?: (open: boolean) => void;
  onFinish?: (values: T) => Promise<boolean | void> | boolean | void;
  formRef?: React.MutableRefObject<ProFormInstance<T> | undefined> | React.RefObject<ProFormInstance<T> | undefined>;
  form?: FormInstance<T>;
}

export function useDiscardGuard<T extends Values>({ open, onOpenChange, onValuesChange, onFinish, formRef, form }: GuardInput<T>) {
  const { t } = useIntl();
  const { modal } = App.useApp();
  const [innerOpen, setInnerOpen] = useState(false);
  const controlled = open !== undefined;
  const ownRef = useRef<ProFormInstance<T>>();
  const ref = (formRef ?? ownRef) as React.MutableRefObject<ProFormInstance<T> | undefined>;
  const saved = useRef(false);
  /** The user changed a field since the form opened. */
  const changed = useRef(false);
  const asking = useRef(false);
  /** The caller's onCancel/onClose of the close being asked for (ModalForm calls it before onOpenChange). */
  const pendingCancel = useRef<() => void>();

  const instance = (): FormInstance<T> | undefined => form ?? ref.current;
  const setOpen = (next: boolean) => {
    if (!controlled) setInnerOpen(next);
    onOpenChange?.(next);
  };

  const onGuardedOpenChange = (next: boolean) => {
    if (next) {
      saved.current = false;
      changed.current = false;
      pendingCancel.current = undefined;
      setOpen(true);
      return;
    }
    if (saved.current || !changed.current) {
      saved.current = false;
      changed.current = false;
      const cancel = pendingCancel.current;
      pendingCancel.current = undefined;
      setOpen(false);
      cancel?.();
      return;
    }
    if (asking.current) return;
    asking.current = true;
    const confirm = modal?.confirm ?? Modal.confirm;
    confirm({
      title: t('form.discard.title'),
      content: t('form.discard.text'),
      okText: t('form.discard.ok'),
      cancelText: t('form.discard.keep'),
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: () => {
        asking.current = false;
        changed.current = false;
        instance()?.resetFields();
        setOpen(false);
        const cancel = pendingCancel.current;
        pendingCancel.current = undefined;
        cancel?.();
      },
      onCancel: () => {
        asking.current = false;
        pendingCancel.current = undefined;
      },
    });
  };

  const onGuardedFinish = onFinish
    ? async (values: T) => {
        const result = await onFinish(values);
        if (result) saved.current = true;
        return result;
      }
    : undefined;

  /** The caller's own onCancel/onClose runs when the form really closes (at once, or once the user discards). */
  const whenClosed =
    <E,>(own?: (e: E) => void) =>
    (e: E) => {
      if (own) pendingCancel.current = () => own(e);
    };

  const onGuardedValuesChange = (changedValues: Partial<T>, values: T) => {
    changed.current = true;
    onValuesChange?.(changedValues, values);
  };

  return {
    open: controlled ? !!open : innerOpen,
    onOpenChange: onGuardedOpenChange,
    onValuesChange: onGuardedValuesChange,
    onFinish: onGuardedFinish,
    formRef: ref,
    whenClosed,
  };
}

/** A ModalForm whose filled form asks before closing. */
export function GuardedModalForm<T extends Values = Values>(props: ModalFormProps<T>) {
  const { open, onOpenChange, onValuesChange, onFinish, formRef, form, modalProps, ...rest } = props;
  const guard = useDiscardGuard<T>({ open, onOpenChange, onValuesChange, onFinish, formRef, form });
  return (
    <ModalForm<T>
      {...rest}
      form={form}
      formRef={guard.formRef}
      open={guard.open}
      onOpenChange={guard.onOpenChange}
      onValuesChange={guard.onValuesChange}
      onFinish={guard.onFinish}
      modalProps={{ ...modalProps, onCancel: guard.whenClosed(modalProps?.onCancel) }}
    />
  );
}

/** A DrawerForm whose filled form asks before closing. */
export function GuardedDrawerForm<T extends Values = Values>(props: DrawerFormProps<T>) {
  const { open, onOpenChange, onValuesChange, onFinish, formRef, form, drawerProps, ...rest } = props;
  const guard = useDiscardGuard<T>({ open, onOpenChange, onValuesChange, onFinish, formRef, form });
  return (
    <DrawerForm<T>
      {...rest}
      form={form}
      formRef={guard.formRef}
      open={guard.open}
      onOpenChange={guard.onOpenChange}
      onValuesChange={guard.onValuesChange}
      onFinish={guard.onFinish}
      drawerProps={{ ...drawerProps, onClose: guard.whenClosed(drawerProps?.onClose) }}
    />
  );
}
