/**
 * The parts every create/edit/delete list shares (issue 34, one pattern per kind of screen): the record form (a
 * FormModal that creates or updates through the one save helper), the Edit + Delete actions column, and the list
 * table's usual props. A CRUD screen is then its columns, its fields and its service.
 */
import React, { useRef } from 'react';
import { Button, Space } from 'antd';
import type { ActionType, ModalFormProps, ParamsType, ProTableProps } from '@ant-design/pro-components';
import ListTable, { type ListLayoutProps } from '@/components/ListTable';
import ExportButton, { useExportable, type Exportable, type ExportableColumn } from '@/components/ExportButton';
import { tableRequest } from '@/services/list';
import type { ListQuery, ListResult } from '@/types/api';
import FormModal, { useSave } from '@/components/FormModal';
import DeleteAction, { type DeleteActionProps } from '@/components/DeleteAction';
import { useIntl } from '@/locales/useIntl';
import { LIST_PAGE_SIZE } from '@/services/listCalls';

import { actionsColumn } from './columns';

export { actionsColumn };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Values = Record<string, any>;

export interface RecordFormProps<R extends { id: number }, V extends Values, B> {
  /** The form's name; the record's id (or `New`) is appended. */
  name: string;
  /** The record to edit; none for a create form (which opens with `defaults`). */
  record?: R;
  title: string;
  trigger: React.ReactElement;
  width?: number;
  defaults?: Partial<V>;
  /** The edit form's values from its record (default: the record itself). */
  toValues?: (record: R) => Partial<V>;
  /** The request body from the form's values. */
  toBody: (values: V) => B;
  create: (body: B) => Promise<unknown>;
  update: (body: B & { id: number }) => Promise<unknown>;
  /** Asked before saving (e.g. a price of 0); `false` keeps the form open. */
  confirm?: (body: B) => Promise<boolean>;
  onDone: () => void;
  /** The success message (default common.saved). */
  successText?: string;
  form?: ModalFormProps<V>['form'];
  children: React.ReactNode;
}

export function RecordForm<R extends { id: number }, V extends Values, B>({ name, record, title, trigger, width = 480, defaults, toValues, toBody, create, update, confirm, onDone, successText, form, children }: RecordFormProps<R, V, B>) {
  const { t } = useIntl();
  const save = useSave();
  return (
    <FormModal<V>
      name={`${name}${record?.id ?? 'New'}`}
      title={title}
      trigger={trigger}
      width={width}
      form={form}
      initialValues={record ? (toValues ? toValues(record) : (record as unknown as Partial<V>)) : defaults}
      onFinish={async (v) => {
        const body = toBody(v);
        if (confirm && !(await confirm(body))) return false;
        return save(() => (record ? update({ ...body, id: record.id }) : create(body)), successText ?? t('common.saved'), onDone);
      }}
    >
      {children}
    </FormModal>
  );
}

/** The usual props of a paged list: id rows, ten a page with a size changer, the search form's labels sized to fit. */
const LIST_DEFAULTS = {
  rowKey: 'id',
  pagination: { defaultPageSize: LIST_PAGE_SIZE, showSizeChanger: true },
  search: { labelWidth: 'auto' as const },
};

export type ExportListProps<T extends Values> = Omit<ProTableProps<T, ParamsType>, 'columns' | 'toolBarRender'> &
  ListLayoutProps & {
    exportable: Exportable<T>;
    columns: ExportableColumn<T>[];
    /** The exported file's name. */
    name: string;
    /** The toolbar's buttons after Export. */
    tools?: React.ReactNode[];
  };

/** A paged list with its Export button first in the toolbar (LIST_DEFAULTS, overridable). */
export function ExportListTable<T extends Values>({ exportable, columns, name, tools = [], ...props }: ExportListProps<T>) {
  return (
    <ListTable<T>
      {...LIST_DEFAULTS}
      {...props}
      columns={columns}
      toolBarRender={() => [<ExportButton key="export" exportable={exportable} columns={columns} name={name} />, ...tools]}
    />
  );
}

/** A search form shown expanded (the student tabs, whose filters are the point of the list). */
export const OPEN_SEARCH = { labelWidth: 'auto' as const, defaultCollapsed: false };

export type ListPageProps<T extends Values, U extends ParamsType = ParamsType> = ProTableProps<T, U> &
  ListLayoutProps & {
    /** The toolbar's buttons (instead of `toolBarRender`). */
    tools?: React.ReactNode[];
    /** The page's padding (default 24; the platform screens have none). */
    padding?: number;
    /** What the page shows above its list (a drill banner). */
    before?: React.ReactNode;
    /** What the page shows beside its list (drawers, modals). */
    children?: React.ReactNode;
  };

/** A list screen: the page's padding around one ListTable with LIST_DEFAULTS (each overridable), then `children`. */
export function ListPage<T extends Values, U extends ParamsType = ParamsType>({ tools, padding = 24, before, children, ...props }: ListPageProps<T, U>) {
  return (
    <div style={padding ? { padding } : undefined}>
      {before}
      <ListTable<T, U> {...LIST_DEFAULTS} {...props} toolBarRender={tools ? () => tools : props.toolBarRender} />
      {children}
    </div>
  );
}

export type CrudScreenProps<R extends { id: number } & Values> = Omit<ListPageProps<R>, 'columns' | 'request' | 'tools' | 'actionRef'> & {
  /** The list's columns; the actions column (row actions, Edit, Delete) is added. */
  columns: ExportableColumn<R>[];
  /** The list call. */
  list: (q: ListQuery) => Promise<ListResult<R>>;
  /** The create/edit form (a RecordForm) of `record`, or an empty create form, opened by `trigger`. */
  form: (p: { record?: R; trigger: React.ReactElement; onDone: () => void }) => React.ReactElement;
  /** The add button's text, and its icon if any. */
  addLabel: string;
  addIcon?: React.ReactNode;
  /** The row's delete: question, call and (optionally) success text. */
  remove: (row: R) => Omit<DeleteActionProps, 'onDone'>;
  /** The user may add, edit and delete (default true); without it the list is read-only. */
  canEdit?: boolean;
  /** Row actions before Edit (a drawer, a page), shown also when the list is read-only. */
  rowActions?: (row: R) => React.ReactNode;
  /** The accessible name of a row's Edit link (default: "Edit"). */
  editLabel?: (row: R) => string;
  /** Adds an Export button (the file's name). */
  exportName?: string;
  /** Toolbar buttons between Export and Add. */
  tools?: React.ReactNode[];
  actionRef?: React.MutableRefObject<ActionType | undefined>;
};

/**
 * A create/edit/delete list screen (issue 34): a ListPage of `list` whose actions column holds the row actions, Edit
 * (the form of the row) and Delete (confirmed), and whose toolbar holds Export, the screen's tools and Add (the empty
 * form). Everything after a save or delete reloads the list.
 */
export function CrudScreen<R extends { id: number } & Values>({ columns, list, form, addLabel, addIcon, remove, canEdit = true, rowActions, editLabel, exportName, tools = [], actionRef, ...props }: CrudScreenProps<R>) {
  const { t } = useIntl();
  const own = useRef<ActionType>();
  const ref = actionRef ?? own;
  const reload = () => ref.current?.reload();
  const exp = useExportable(list);
  const all: ExportableColumn<R>[] = [
    ...columns,
    actionsColumn<R>(
      (row) => (
        <Space size={8}>
          {rowActions?.(row)}
          {canEdit && form({ record: row, trigger: <a aria-label={editLabel?.(row)}>{t('common.edit')}</a>, onDone: reload })}
          {canEdit && <DeleteAction {...remove(row)} onDone={reload} />}
        </Space>
      ),
      { hideInTable: !canEdit && !rowActions },
    ),
  ];
  const add = canEdit ? [<React.Fragment key="add">{form({
        trigger: (
          <Button type="primary" icon={addIcon}>
            {addLabel}
          </Button>
        ),
        onDone: reload,
      })}</React.Fragment>] : [];
  const exportButton = exportName ? [<ExportButton key="export" exportable={exp} columns={all} name={exportName} />] : [];
  return <ListPage<R> {...props} actionRef={ref} columns={all} request={tableRequest(exp.service)} tools={[...exportButton, ...tools, ...add]} />;
}
