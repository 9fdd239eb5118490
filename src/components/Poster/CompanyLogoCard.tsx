/**
 * The company's logo (issue 31), kept beside the theme colour on /campus/theme-color: posters draw it instead of the
 * app's logo (without one they write the company's name). Choosing a picture saves it; removing it asks first.
 */
import React from 'react';
import { App, Card, Popconfirm, Spin, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import ImageUpload from '@/components/ImageUpload';
import { fetchCompanyLogo, removeCompanyLogo, saveCompanyLogo } from '@/services/campus';

export default function CompanyLogoCard() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { data, loading, mutate } = useRequest(fetchCompanyLogo);
  const [confirming, setConfirming] = React.useState(false);
  const change = async (logo?: string) => {
    if (!logo) {
      setConfirming(true);
      return;
    }
    try {
      mutate(await saveCompanyLogo(logo));
      message.success(t('common.saved'));
    } catch {
      /* shown by the request layer */
    }
  };
  return (
    <Card style={{ marginTop: 16 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('theme.logo')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('theme.logoHelp')}</Typography.Paragraph>
      <Spin spinning={loading}>
        <Popconfirm
          open={confirming}
          title={t('theme.logoRemove')}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            setConfirming(false);
            try {
              mutate(await removeCompanyLogo());
            } catch {
              /* shown by the request layer */
            }
          }}
        >
          <span>
            <ImageUpload id="company-logo" label={t('theme.logo')} value={data?.logo ?? undefined} onChange={change} />
          </span>
        </Popconfirm>
      </Spin>
    </Card>
  );
}
