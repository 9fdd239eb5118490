/**
 * /campus/web: each campus's public page (intro, photos, address, the card templates sold online, published or not),
 * its public link /w/:code with a QR code, and a preview.
 */
import React, { useEffect, useState } from 'react';
import { App, Button, Card, Drawer, Form, Input, QRCode, Select, Space, Spin, Switch, Tabs, Typography } from 'antd';
import { useIntl } from '@/locales/useIntl';
import WebPageView from '@/components/WebPageView';
import { fetchWebPages, fetchWebPreview, saveWebPage } from '@/services/campus';
import { fetchTemplateOptions } from '@/services/school';
import type { CampusWebPage, PublicWebPage } from '@/types/campus';
import { phoneRule } from '@/utils/fields';

type Values = Pick<CampusWebPage, 'title' | 'intro' | 'address' | 'phone' | 'published' | 'templateIds'> & { photos: string };

function publicUrl(code: string): string {
  const base = (process.env.ROUTER_BASE || '/').replace(/\/$/, '');
  return `${typeof window === 'undefined' ? '' : window.location.origin}${base}/w/${code}`;
}

function PageEditor({ page, onSaved }: { page: CampusWebPage; onSaved: (p: CampusWebPage) => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [templates, setTemplates] = useState<{ value: number; label: string }[]>([]);
  const [preview, setPreview] = useState<PublicWebPage>();
  useEffect(() => {
    fetchTemplateOptions()
      .then((o) => setTemplates(o.map((x) => ({ value: Number(x.value), label: String(x.label) }))))
      .catch(() => undefined);
  }, []);
  const url = publicUrl(page.code);
  return (
    <Space align="start" size={32} wrap>
      <Form
        form={form}
        layout="vertical"
        name={`webPage${page.campusId}`}
        style={{ width: 560, maxWidth: '100%' }}
        initialValues={{ ...page, photos: page.photos.join('\n') }}
        onFinish={async (v) => {
          setSaving(true);
          try {
            const saved = await saveWebPage({
              campusId: page.campusId,
              title: v.title.trim(),
              intro: v.intro.trim(),
              address: v.address.trim(),
              phone: v.phone.trim(),
              published: v.published,
              templateIds: v.templateIds ?? [],
              photos: (v.photos ?? '')
                .split('\n')
                .map((s) => s.trim())
                .filter(Boolean),
            });
            message.success(t('common.saved'));
            onSaved(saved);
          } catch {
            /* shown by the request layer; values stay */
          } finally {
            setSaving(false);
          }
        }}
      >
        <Form.Item name="title" label={t('webEdit.title')} rules={[{ required: true, whitespace: true, message: t('web.required') }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="intro" label={t('webEdit.intro')} rules={[{ required: true, whitespace: true, message: t('web.required') }]}>
          <Input.TextArea rows={5} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="photos" label={t('webEdit.photos')} extra={t('webEdit.photosHint')}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="address" label={t('web.address')} rules={[{ required: true, whitespace: true, message: t('web.required') }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="phone" label={t('web.phone')} rules={[{ required: true, whitespace: true, message: t('web.required') }, phoneRule(t('ev.phone.invalid'))]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="templateIds" label={t('webEdit.templates')} extra={t('webEdit.templatesHint')}>
          <Select mode="multiple" options={templates} optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="published" label={t('webEdit.published')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common.save')}
          </Button>
          <Button onClick={() => fetchWebPreview(page.campusId).then(setPreview).catch(() => undefined)}>{t('webEdit.preview')}</Button>
        </Space>
      </Form>
      <Card size="small" title={t('webEdit.link')} style={{ width: 280 }}>
        <Space direction="vertical">
          <QRCode value={url} size={160} aria-label={t('webEdit.qr')} />
          <Typography.Link href={url} target="_blank" rel="noopener noreferrer" copyable={{ text: url }}>
            {`/w/${page.code}`}
          </Typography.Link>
          {!page.published && <Typography.Text type="warning">{t('webEdit.unpublished')}</Typography.Text>}
        </Space>
      </Card>
      <Drawer open={!!preview} onClose={() => setPreview(undefined)} width={760} title={t('webEdit.preview')} destroyOnHidden>
        {preview && <WebPageView page={preview} code={page.code} preview />}
      </Drawer>
    </Space>
  );
}

export default function CampusWebPage() {
  const { t } = useIntl();
  const [pages, setPages] = useState<CampusWebPage[]>();
  useEffect(() => {
    fetchWebPages()
      .then(setPages)
      .catch(() => setPages([]));
  }, []);
  return (
    <div style={{ padding: 24 }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('webEdit.heading')}
        </Typography.Title>
        {!pages ? (
          <Spin />
        ) : (
          <Tabs
            items={pages.map((p) => ({
              key: String(p.campusId),
              label: p.campusName,
              children: <PageEditor page={p} onSaved={(saved) => setPages((all) => all?.map((x) => (x.campusId === saved.campusId ? saved : x)))} />,
            }))}
          />
        )}
      </Card>
    </div>
  );
}
