/** Arrears status tag (docs/rules.md#arrears). */
import React from 'react';
import { Tag } from 'antd';
import { useIntl } from '@/locales/useIntl';
import type { ArrearsStatus } from '@/types/arrears';

const COLORS: Record<ArrearsStatus, string> = { open: 'red', settled: 'green', writtenOff: 'default', cancelled: 'default' };

export function ArrearsStatusTag({ status }: { status: ArrearsStatus }) {
  const { t } = useIntl();
  return <Tag color={COLORS[status]}>{t(`arrears.status.${status}`)}</Tag>;
}
