/** The clashes of a refused schedule: who (teacher, room or student), when, and with which lesson. */
import React from 'react';
import { Alert, Table, Tag } from 'antd';
import { useIntl } from '@/locales/useIntl';
import type { Clash } from '@/types/schedule';

const KIND_COLOR = { teacher: 'red', room: 'orange', student: 'magenta' } as const;

export default function ClashList({ clashes, overridable }: { clashes: Clash[]; overridable?: boolean }) {
  const { t } = useIntl();
  if (!clashes.length) return null;
  const onlyRooms = clashes.every((c) => c.kind === 'room');
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('schedule.clash.title', { n: clashes.length })}
      description={
        <div data-testid="clash-list">
          {onlyRooms && overridable && <div style={{ marginBottom: 8 }}>{t('schedule.clash.roomOnly')}</div>}
          <Table<Clash & { key: number }>
            size="small"
            pagination={clashes.length > 8 ? { pageSize: 8, size: 'small' } : false}
            rowKey="key"
            dataSource={clashes.map((c, i) => ({ ...c, key: i }))}
            columns={[
              { title: t('schedule.clash.kind'), dataIndex: 'kind', render: (k: Clash['kind']) => <Tag color={KIND_COLOR[k]}>{t(`schedule.clash.${k}`)}</Tag> },
              { title: t('schedule.clash.who'), dataIndex: 'who' },
              { title: t('schedule.clash.when'), render: (_, c) => `${c.date} ${c.start}–${c.end}` },
              { title: t('schedule.clash.lesson'), dataIndex: 'className' },
              { title: t('schedule.clash.with'), render: (_, c) => `${c.otherClassName} ${c.otherStart}–${c.otherEnd}${c.otherLessonId ? '' : ` (${t('schedule.clash.sameBatch')})`}` },
            ]}
          />
        </div>
      }
    />
  );
}

/** The clashes carried by a refused call's error body, if any. */
export function clashesOf(e: unknown): Clash[] | undefined {
  const body = e && typeof e === 'object' && 'body' in e ? (e as { body: unknown }).body : undefined;
  if (body && typeof body === 'object' && 'clashes' in body && Array.isArray((body as { clashes: unknown }).clashes)) {
    return (body as { clashes: Clash[] }).clashes;
  }
  return undefined;
}
