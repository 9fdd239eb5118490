/**
 * The row "Delete" link of list screens: asks for confirmation, calls the delete service, reports success and
 * reloads. A refusal (e.g. "still in use") is shown by the request layer and nothing else happens.
 */
import React from 'react';
import { App, Popconfirm } from 'antd';
import { useIntl } from '@/locales/useIntl';

export interface DeleteActionProps {
  /** The confirmation question, naming what is deleted. */
  title: string;
  onDelete: () => Promise<unknown>;
  onDone?: () => void;
  /** Success message (default: common.deleted). */
  successText?: string;
}

export default function DeleteAction({ title, onDelete, onDone, successText }: DeleteActionProps) {
  const { t } = useIntl();
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={title}
      onConfirm={async () => {
        try {
          await onDelete();
          message.success(successText ?? t('common.deleted'));
          onDone?.();
        } catch {
          /* shown by the request layer */
        }
      }}
    >
      <a style={{ color: '#cf1322' }}>{t('common.delete')}</a>
    </Popconfirm>
  );
}
