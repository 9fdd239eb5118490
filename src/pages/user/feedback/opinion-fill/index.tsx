/** /user/feedback/opinion-fill (docs/screens.md#teaching-and-communication): feedback to the platform: category, text, optional screenshot. */
import React from 'react';
import { Button, Card, Form, Image, Input, Radio, Table, Tag } from 'antd';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { fetchAllFeedback, fetchMyFeedback, sendFeedback } from '@/services/notice';
import { useAppAccess } from '@/hooks/useSession';
import { tableRequest } from '@/services/list';
import ListTable from '@/components/ListTable';
import { useSave } from '@/components/FormModal';
import ImageUpload from '@/components/ImageUpload';
import { FEEDBACK_CATEGORIES, type Feedback, type FeedbackCategory } from '@/types/notice';

export default function FeedbackPage() {
  const { t } = useIntl();
  const save = useSave();
  const [form] = Form.useForm<{ category: FeedbackCategory; text: string; screenshot?: string }>();
  const [saving, setSaving] = React.useState(false);
  const mine = useRequest(() => fetchMyFeedback({ pageSize: 20 }));
  const access = useAppAccess();
  return (
    <div style={{ padding: 24 }}>
      <Card title={t('feedback.title')} style={{ maxWidth: 760, marginBottom: 16 }}>
        <Form
          form={form}
          layout="vertical"
          name="feedback"
          initialValues={{ category: 'suggestion' }}
          onFinish={async (v) => {
            setSaving(true);
            // A refusal is shown by the request layer; the form keeps its values.
            await save(() => sendFeedback({ category: v.category, text: v.text.trim(), screenshot: v.screenshot }), t('feedback.thanks'), () => {
              form.resetFields();
              mine.refresh();
            });
            setSaving(false);
          }}
        >
          <Form.Item name="category" label={t('feedback.category')}>
            <Radio.Group options={FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: t(`feedback.category.${c}`) }))} />
          </Form.Item>
          <Form.Item name="text" label={t('feedback.text')} rules={[{ required: true, whitespace: true, message: t('feedback.text.required') }]}>
            <Input.TextArea rows={5} maxLength={1000} showCount />
          </Form.Item>
          <Form.Item name="screenshot" label={t('feedback.screenshot')} htmlFor="feedback-screenshot">
            <ImageUpload id="feedback-screenshot" label={t('feedback.screenshot')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('feedback.submit')}
          </Button>
        </Form>
      </Card>
      <Card title={t('feedback.mine')} style={{ maxWidth: 760 }}>
        <Table<Feedback>
          rowKey="id"
          size="small"
          loading={mine.loading}
          dataSource={mine.data?.list ?? []}
          pagination={false}
          columns={[
            { title: t('feedback.category'), dataIndex: 'category', render: (c: FeedbackCategory) => <Tag>{t(`feedback.category.${c}`)}</Tag> },
            { title: t('feedback.text'), dataIndex: 'text', render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v}</span> },
            { title: t('feedback.sentAt'), dataIndex: 'createdAt' },
          ]}
        />
      </Card>
      {access.isPlatform && (
        <ListTable<Feedback>
          style={{ marginTop: 16 }}
          rowKey="id"
          headerTitle={t('feedback.all')}
          request={tableRequest(fetchAllFeedback)}
          pagination={{ defaultPageSize: 10 }}
          search={{ labelWidth: 'auto' }}
          columns={[
            { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true },
            { title: t('feedback.category'), dataIndex: 'category', valueType: 'select', valueEnum: Object.fromEntries(FEEDBACK_CATEGORIES.map((c) => [c, { text: t(`feedback.category.${c}`) }])) },
            { title: t('feedback.from'), dataIndex: 'userName', search: false, render: (_, r) => `${r.userName} · ${r.companyName}` },
            { title: t('feedback.text'), dataIndex: 'text', search: false, render: (_, r) => <span style={{ whiteSpace: 'pre-wrap' }}>{r.text}</span> },
            { title: t('feedback.screenshot'), dataIndex: 'screenshot', search: false, render: (_, r) => (r.screenshot ? <Image src={r.screenshot} alt={t('feedback.screenshot')} width={80} /> : '-') },
            { title: t('feedback.sentAt'), dataIndex: 'createdAt', search: false, sorter: true },
          ]}
        />
      )}
    </div>
  );
}
