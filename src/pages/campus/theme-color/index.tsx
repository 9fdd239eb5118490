/**
 * /campus/theme-color: the company's primary colour for the whole console (every user of the company, from their
 * next page load; this browser at once). Refused when white text on it fails WCAG AA (src/utils/contrast.ts; the
 * server applies the same rule).
 */
import React, { useEffect, useState } from 'react';
import { Alert, App, Button, ColorPicker, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useIntl } from '@/locales/useIntl';
import FormPage from '@/components/FormPage';
import { useSession } from '@/hooks/useSession';
import { fetchThemeColor, resetThemeColor, saveThemeColor } from '@/services/campus';
import { HEX_COLOR, whiteTextContrast, whiteTextPassesAA } from '@/utils/contrast';
import { setCompanyColor } from '@/utils/companyColor';
import { PRIMARY_COLOR } from '@/utils/theme';
import { RequestError } from '@/utils/request';
import CompanyLogoCard from '@/components/Poster/CompanyLogoCard';

export default function ThemeColorPage() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { refresh } = useSession();
  const [saved, setSaved] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  useEffect(() => {
    fetchThemeColor()
      .then((r) => {
        setSaved(r.color);
        // What the user typed while the page was loading stays (a late answer never overwrites work).
        setValue((typed) => typed || (r.color ?? PRIMARY_COLOR));
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, []);

  const valid = HEX_COLOR.test(value);
  const ratio = valid ? whiteTextContrast(value) : undefined;
  const passes = valid && whiteTextPassesAA(value);

  const save = async () => {
    setRefusal(undefined);
    setSaving(true);
    try {
      const r = await saveThemeColor(value);
      setSaved(r.color);
      setCompanyColor(r.color);
      message.success(t('theme.saved'));
      void refresh();
    } catch (e) {
      setRefusal(e instanceof RequestError ? e.message : t('theme.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormPage title={t('theme.title')} loading={loading} after=<CompanyLogoCard />>
      <Typography.Paragraph>{t('theme.intro')}</Typography.Paragraph>
      <Typography.Paragraph>
        {t('theme.current')}: <Typography.Text code>{saved ?? `${PRIMARY_COLOR} (${t('theme.default')})`}</Typography.Text>
      </Typography.Paragraph>
      <Form layout="vertical" style={{ maxWidth: 480 }} onFinish={save} name="themeColor">
        <Form.Item label={t('theme.color')} htmlFor="theme-color-hex" validateStatus={value && !valid ? 'error' : undefined} help={value && !valid ? t('theme.badFormat') : undefined}>
          <Space>
            <ColorPicker value={valid ? value : undefined} onChangeComplete={(c) => setValue(c.toHexString().toUpperCase())} disabledAlpha>
              <Button aria-label={t('theme.pick')} style={{ width: 48, background: valid ? value : undefined }} />
            </ColorPicker>
            <Input id="theme-color-hex" value={value} onChange={(e) => setValue(e.target.value.trim())} maxLength={7} style={{ width: 140 }} placeholder="#00766F" />
          </Space>
        </Form.Item>
        <div aria-live="polite">
          {valid && (
            <Space direction="vertical" style={{ marginBottom: 16 }}>
              <div style={{ background: value, color: '#FFFFFF', padding: '8px 16px', borderRadius: 6, display: 'inline-block' }}>{t('theme.sample')}</div>
              <Typography.Text type={passes ? 'success' : 'danger'}>{t(passes ? 'theme.passes' : 'theme.fails', { ratio: ratio ?? 0 })}</Typography.Text>
            </Space>
          )}
        </div>
        {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} role="alert" />}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} disabled={!valid}>
            {t('theme.apply')}
          </Button>
          {saved && (
            <Popconfirm
              title={t('theme.resetConfirm')}
              onConfirm={async () => {
                try {
                  await resetThemeColor();
                  setSaved(null);
                  setValue(PRIMARY_COLOR);
                  setCompanyColor(undefined);
                  void refresh();
                } catch {
                  /* shown by the request layer */
                }
              }}
            >
              <Button>{t('theme.reset')}</Button>
            </Popconfirm>
          )}
        </Space>
      </Form>
    </FormPage>
  );
}
