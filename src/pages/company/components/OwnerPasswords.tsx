/**
 * After the platform created companies (form or Excel import): their owners, each new account with its one-time
 * password, shown this once (the server never returns it again) with a copy button; an existing account made the
 * owner keeps its own password (docs/rules.md#people-and-credentials). The owner must choose their own password at the first login.
 */
import React from 'react';
import { Alert, Button, Modal, Table, Typography } from 'antd';
import { useIntl } from '@/locales/useIntl';
import type { NewCompanyOwner } from '@/types/platform';

export default function OwnerPasswords({ owners, onClose }: { owners?: NewCompanyOwner[]; onClose: () => void }) {
  const { t } = useIntl();
  const withPassword = (owners ?? []).some((o) => o.oneTimePassword);
  return (
    <Modal
      open={!!owners}
      title={t('pfOwner.title')}
      width={owners && owners.length > 1 ? 820 : 560}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('pfOwner.close')}
        </Button>
      }
    >
      {withPassword && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('pfOwner.once')} />}
      <Table<NewCompanyOwner>
        rowKey="companyId"
        size="small"
        dataSource={owners ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          { title: t('pfCompany.name'), dataIndex: 'companyName' },
          { title: t('pfCompany.owner'), dataIndex: 'name' },
          { title: t('pfOwner.account'), dataIndex: 'mobile' },
          {
            title: t('pfOwner.password'),
            render: (_, o) =>
              o.oneTimePassword ? (
                <Typography.Text code copyable={{ text: o.oneTimePassword, tooltips: [t('pfOwner.copy'), t('pfOwner.copied')] }} data-testid="one-time-password">
                  {o.oneTimePassword}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('pfOwner.existing')}</Typography.Text>
              ),
          },
        ]}
      />
    </Modal>
  );
}
