/** A lead's details and follow-up timeline in a drawer (opened from the lead name). */
import React from 'react';
import { Descriptions, Divider, Drawer, Typography } from 'antd';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import type { Lead } from '@/types/customer';
import { FollowUpTimeline } from './FollowUp';
import { formatMobile, IntentionTag, StatusTag } from '@/components/customer/labels';

export default function LeadDetail({ lead, onClose, version }: { lead?: Lead; onClose: () => void; version: number }) {
  const { t } = useIntl();
  const dash = (v?: string | number) => (v === undefined || v === '' ? '-' : v);
  return (
    <Drawer open={!!lead} width={560} title={lead?.name} onClose={onClose} destroyOnHidden>
      {lead && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('cu.field.mobile')}>{formatMobile(lead.mobile)}</Descriptions.Item>
            <Descriptions.Item label={t('cu.field.parentName')}>{dash(lead.parentName)}</Descriptions.Item>
            <Descriptions.Item label={t('cu.field.status')}>
              <StatusTag status={lead.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('cu.field.intention')}>
              <IntentionTag intention={lead.intention} />
            </Descriptions.Item>
            <Descriptions.Item label={t('cu.field.source')}>{t(`cu.source.${lead.source}`)}</Descriptions.Item>
            <Descriptions.Item label={t('cu.field.campus')}>{lead.campusName}</Descriptions.Item>
            <Descriptions.Item label={t('cu.field.owner')}>{lead.ownerName ?? t('cu.owner.pool')}</Descriptions.Item>
            <Descriptions.Item label={t('cu.field.gender')}>{lead.gender ? t(`cu.gender.${lead.gender}`) : '-'}</Descriptions.Item>
            <Descriptions.Item label={t('cu.field.age')}>{dash(lead.age)}</Descriptions.Item>
            <Descriptions.Item label={t('cu.field.course')}>{dash(lead.course)}</Descriptions.Item>
            <Descriptions.Item label={t('cu.field.merchant')}>{dash(lead.merchantName)}</Descriptions.Item>
            <Descriptions.Item label={t('cu.field.nextFollowUpAt')}>{dash(lead.nextFollowUpAt)}</Descriptions.Item>
            <Descriptions.Item label={t('cu.field.createdAt')}>{lead.createdAt.slice(0, 16)}</Descriptions.Item>
            <Descriptions.Item label={t('cu.field.createdBy')}>{lead.createdBy}</Descriptions.Item>
            {lead.studentId !== undefined && (
              <Descriptions.Item label={t('cu.field.student')} span={2}>
                <Link to={`/student/list?keyword=${encodeURIComponent(lead.mobile)}`}>{t('cu.formal.openStudent', { name: lead.name })}</Link>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('cu.field.remark')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{dash(lead.remark)}</Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
          <Divider orientation="left">{t('cu.follow.history')}</Divider>
          <FollowUpTimeline leadId={lead.id} version={version} />
        </>
      )}
    </Drawer>
  );
}
