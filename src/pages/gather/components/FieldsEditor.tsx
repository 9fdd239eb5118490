/** Which fields a collection form asks, their labels and whether they are required (name and mobile always are). */
import React from 'react';
import { Checkbox, Input, Space, Table } from 'antd';
import { useIntl } from '@/locales/useIntl';
import type { GatherField, GatherFieldKey } from '@/types/customer';
import { GATHER_FIELD_KEYS } from '@/types/customer';

const FIXED: GatherFieldKey[] = ['name', 'mobile'];

export function defaultFields(t: (k: string) => string): GatherField[] {
  return [
    { key: 'name', label: t('cu.gather.field.name'), required: true },
    { key: 'mobile', label: t('cu.gather.field.mobile'), required: true },
    { key: 'age', label: t('cu.gather.field.age'), required: false },
  ];
}

export default function FieldsEditor({ value = [], onChange }: { value?: GatherField[]; onChange?: (v: GatherField[]) => void }) {
  const { t } = useIntl();
  const byKey = new Map(value.map((f) => [f.key, f]));
  const update = (key: GatherFieldKey, patch: Partial<GatherField> | null) => {
    const next = GATHER_FIELD_KEYS.flatMap((k): GatherField[] => {
      const cur = byKey.get(k);
      if (k !== key) return cur ? [cur] : [];
      if (patch === null) return [];
      return [{ key: k, label: cur?.label ?? t(`cu.gather.field.${k}`), required: cur?.required ?? false, ...patch }];
    });
    onChange?.(next);
  };
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(k) => k}
      dataSource={[...GATHER_FIELD_KEYS]}
      columns={[
        {
          title: t('cu.gather.include'),
          width: 90,
          render: (_: unknown, k: GatherFieldKey) => (
            <Checkbox
              aria-label={t(`cu.gather.field.${k}`)}
              checked={byKey.has(k)}
              disabled={FIXED.includes(k)}
              onChange={(e) => update(k, e.target.checked ? {} : null)}
            />
          ),
        },
        {
          title: t('cu.gather.label'),
          render: (_: unknown, k: GatherFieldKey) => (
            <Space>
              <Input
                size="small"
                maxLength={30}
                disabled={!byKey.has(k)}
                aria-label={t('cu.gather.labelOf', { field: t(`cu.gather.field.${k}`) })}
                value={byKey.get(k)?.label ?? t(`cu.gather.field.${k}`)}
                onChange={(e) => update(k, { label: e.target.value })}
              />
            </Space>
          ),
        },
        {
          title: t('cu.gather.required'),
          width: 90,
          render: (_: unknown, k: GatherFieldKey) => (
            <Checkbox
              aria-label={t('cu.gather.requiredOf', { field: t(`cu.gather.field.${k}`) })}
              checked={!!byKey.get(k)?.required}
              disabled={!byKey.has(k) || FIXED.includes(k)}
              onChange={(e) => update(k, { required: e.target.checked })}
            />
          ),
        },
      ]}
    />
  );
}
