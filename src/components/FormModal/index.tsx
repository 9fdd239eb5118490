/**
 * The one pattern for create/edit modals: a `ModalForm` whose form is emptied when the modal closes (`clearOnDestroy`
 * with the content destroyed on hide), so a create form always opens empty and an edit form opens with its record's
 * `initialValues`, whether the last session was saved or cancelled. The mask does not close it (no lost input), and
 * Escape, the close X and Cancel ask before throwing away what the user changed (`discardGuard.tsx`, issue 31).
 */
import React from 'react';
import type { ModalFormProps } from '@ant-design/pro-components';
import { GuardedModalForm } from './discardGuard';

export { GuardedDrawerForm, GuardedModalForm, useDiscardGuard } from './discardGuard';
export { saveAndReport, useSave } from './save';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export default function FormModal<T extends Record<string, any> = Record<string, any>>({ modalProps, ...rest }: ModalFormProps<T>) {
  return <GuardedModalForm<T> clearOnDestroy {...rest} modalProps={{ maskClosable: false, ...modalProps, destroyOnHidden: true }} />;
}
