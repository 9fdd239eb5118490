/**
 * SendNoticeModal (docs/rules.md#notices-and-notifications): choose a template or write the text, choose the receivers (ReceiverModal
 * shows the count, the list and the text rendered for the first receiver before sending), send now or at a time.
 */
import React, { useState } from 'react';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useRequest } from 'ahooks';
import dayjs, { type Dayjs } from 'dayjs';
import { useIntl } from '@/locales/useIntl';
import { fetchReceivers, fetchTemplates, sendNotice, type ReceiverChoiceBody, type ReceiverPreview } from '@/services/notice';
import { fetchClassOptions, fetchStudentOptions } from '@/services/school';
import { parseTemplate, TEMPLATE_VARIABLES } from '@/domain/templates';
import { RECEIVER_SEGMENTS, type ReceiverSegment } from '@/domain/receivers';
import { PlainText } from '@/components/Teaching';

/** Height of the line the text area's character counter takes under it (antd's TextArea `showCount`). */
const COUNT_LINE = 22;

interface Values {
  templateId?: number;
  title: string;
  text: string;
  segment: ReceiverSegment;
  classIds?: number[];
  studentIds?: number[];
  when: 'now' | 'later';
  sendAt?: Dayjs;
}

export function ReceiverModal({ open, data, loading, onClose }: { open: boolean; data?: ReceiverPreview; loading: boolean; onClose: () => void }) {
  const { t } = useIntl();
  return (
    <Modal open={open} onCancel={onClose} footer={<Button onClick={onClose}>{t('notice.close')}</Button>} title={t('notice.receivers')} width={640} destroyOnHidden>
      {loading || !data ? (
        <Typography.Text>{t('notice.loading')}</Typography.Text>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text strong data-testid="receiver-count">
            {t('notice.receiverCount', { n: data.total })}
          </Typography.Text>
          {data.preview !== undefined && (
            <>
              <Typography.Text type="secondary">{t('notice.previewFor', { name: data.list[0]?.studentName ?? '' })}</Typography.Text>
              <div style={{ background: '#f5f5f5', padding: 12, borderRadius: 6 }}>
                <PlainText text={data.preview} />
              </div>
            </>
          )}
          <ul aria-label={t('notice.receiverList')} style={{ maxHeight: 280, overflow: 'auto', paddingLeft: 20, margin: 0 }}>
            {data.list.map((r) => (
              <li key={r.studentId}>
                {r.studentName} · {r.parentName} · {r.mobile}
              </li>
            ))}
          </ul>
          {data.total > data.list.length && <Typography.Text type="secondary">{t('notice.moreReceivers', { n: data.total - data.list.length })}</Typography.Text>}
        </Space>
      )}
    </Modal>
  );
}

export default function SendNoticeModal({ onDone }: { onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<ReceiverPreview>();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [previewLoading, setPreviewLoading] = useState(false);
  const [studentKw, setStudentKw] = useState('');
  const segment = Form.useWatch('segment', form);
  const when = Form.useWatch('when', form);
  const templates = useRequest(() => fetchTemplates({ pageSize: 200 }), { ready: open });
  const classes = useRequest(() => fetchClassOptions(), { ready: open && segment === 'classes' });
  const students = useRequest(() => fetchStudentOptions({ keyword: studentKw || undefined }), { ready: open && segment === 'students', refreshDeps: [studentKw], debounceWait: 250 });

  const choiceOf = (v: Partial<Values>): ReceiverChoiceBody => ({
    segment: v.segment ?? 'all',
    classIds: v.segment === 'classes' ? v.classIds ?? [] : undefined,
    studentIds: v.segment === 'students' ? v.studentIds ?? [] : undefined,
  });
  const textRule = { validator: (_: unknown, v?: string) => {
    const unknown = v ? parseTemplate(v).unknown : [];
    return unknown.length ? Promise.reject(new Error(t('msgtpl.unknownVars', { n: unknown.length, names: unknown.map((u) => `{${u}}`).join(', ') }))) : Promise.resolve();
  } };

  const showReceivers = async () => {
    const v = await form.validateFields(['segment', 'classIds', 'studentIds']);
    setPreviewOpen(true);
    setPreviewLoading(true);
    try {
      setPreview(await fetchReceivers({ ...choiceOf(v), text: form.getFieldValue('text') || undefined }));
    } catch {
      setPreviewOpen(false);
    } finally {
      setPreviewLoading(false);
    }
  };

  // A new notice starts empty: cancelling drops what was typed, as every create form does (issue 9).
  const cancel = () => {
    setOpen(false);
    form.resetFields();
    setPreview(undefined);
    setStudentKw('');
  };

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await sendNotice({ ...choiceOf(v), title: v.title.trim(), text: v.text.trim(), templateId: v.templateId, sendAt: v.when === 'later' && v.sendAt ? v.sendAt.format('YYYY-MM-DD HH:mm') : undefined });
      message.success(v.when === 'later' ? t('notice.scheduled') : t('notice.sent'));
      setOpen(false);
      form.resetFields();
      onDone();
    } catch {
      /* shown by the request layer; the form keeps its values */
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('notice.send')}
      </Button>
      <Modal
        open={open}
        title={t('notice.send')}
        width={680}
        onCancel={cancel}
        maskClosable={false}
        footer={[
          <Button key="receivers" onClick={showReceivers}>
            {t('notice.showReceivers')}
          </Button>,
          <Button key="cancel" onClick={cancel}>
            {t('common.cancel')}
          </Button>,
          <Button key="send" type="primary" loading={saving} onClick={submit}>
            {t('notice.sendNow')}
          </Button>,
        ]}
      >
        <Form<Values> form={form} layout="vertical" name="sendNotice" initialValues={{ segment: 'all', when: 'now' }}>
          <Form.Item name="templateId" label={t('notice.template')}>
            <Select
              allowClear
              placeholder={t('notice.templateHint')}
              options={(templates.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
              onChange={(id) => {
                const tpl = templates.data?.list.find((x) => x.id === id);
                if (tpl) form.setFieldsValue({ text: tpl.text, title: form.getFieldValue('title') || tpl.name });
              }}
            />
          </Form.Item>
          <Form.Item name="title" label={t('notice.title')} rules={[{ required: true, whitespace: true, message: t('notice.title.required') }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            name="text"
            label={t('notice.text')}
            // The text area's counter sits just under it, on the right: the hint starts on the line below (issue 31).
            extra={
              <div data-testid="notice-variables-hint" style={{ marginTop: COUNT_LINE }}>
                {t('msgtpl.variablesHint', { list: TEMPLATE_VARIABLES.map((v) => `{${v}}`).join(' ') })}
              </div>
            }
            rules={[{ required: true, whitespace: true, message: t('notice.text.required') }, textRule]}
          >
            <Input.TextArea maxLength={500} showCount rows={4} />
          </Form.Item>
          <Form.Item name="segment" label={t('notice.segment')}>
            <Radio.Group options={RECEIVER_SEGMENTS.map((s) => ({ value: s, label: t(`notice.segment.${s}`) }))} />
          </Form.Item>
          {segment === 'classes' && (
            <Form.Item name="classIds" label={t('notice.classes')} rules={[{ required: true, message: t('notice.classes.required') }]}>
              <Select mode="multiple" showSearch optionFilterProp="label" loading={classes.loading} options={classes.data ?? []} />
            </Form.Item>
          )}
          {segment === 'students' && (
            <Form.Item name="studentIds" label={t('notice.students')} rules={[{ required: true, message: t('notice.students.required') }]}>
              <Select mode="multiple" showSearch filterOption={false} onSearch={setStudentKw} loading={students.loading} options={students.data ?? []} />
            </Form.Item>
          )}
          <Form.Item name="when" label={t('notice.when')}>
            <Radio.Group
              options={[
                { value: 'now', label: t('notice.when.now') },
                { value: 'later', label: t('notice.when.later') },
              ]}
            />
          </Form.Item>
          {when === 'later' && (
            <Form.Item
              name="sendAt"
              label={t('notice.sendAt')}
              rules={[
                { required: true, message: t('notice.sendAt.required') },
                { validator: (_: unknown, v?: Dayjs) => (!v || v.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(t('notice.sendAt.future')))) },
              ]}
            >
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <ReceiverModal open={previewOpen} data={preview} loading={previewLoading} onClose={() => setPreviewOpen(false)} />
    </>
  );
}
