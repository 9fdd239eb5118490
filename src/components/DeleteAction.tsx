/**
 * The row "Delete" link of list screens: asks for confirmation, calls the delete service, reports success and
 * reloads. A refusal (e.g. "still in use") is shown by the request layer and nothing else happens.
 * The confirmation popover is created on the first click (issue 10, LazyAction): a list renders this link on every
 * row, and a Popconfirm per row (a trigger, its observers and the app's message hook) was built before the first row
 * could show, for an action used one row at a time. From the first click on it behaves as a plain Popconfirm.
 */
import React from 'react';
import { App, Popconfirm } from 'antd';
import { useIntl } from '@/locales/useIntl';
import LazyAction from '@/components/LazyAction';

export interface DeleteActionProps {
  /** The confirmation question, naming what is deleted. */
  title: string;
  onDelete: () => Promise<unknown>;
  onDone?: () => void;
  /** Success message (default: common.deleted). */
  successText?: string;
}

const LINK_STYLE = { color: '#cf1322' };

function DeleteConfirm({ title, onDelete, onDone, successText, children }: DeleteActionProps & { children: React.ReactElement }) {
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
      {children}
    </Popconfirm>
  );
}

export default function DeleteAction(props: DeleteActionProps) {
  const { t } = useIntl();
  return <LazyAction trigger={<a style={LINK_STYLE}>{t('common.delete')}</a>} render={(trigger) => <DeleteConfirm {...props}>{trigger}</DeleteConfirm>} />;
}
