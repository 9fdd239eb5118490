/**
 * Shared pieces of the homework and score screens (docs/screens.md#teaching-and-communication): the submission state tag, the student picker
 * of the student-side screens, and the checking modals. All user texts render as text (never HTML).
 */
import React from 'react';
import { App, Form, Input, Modal, Rate, Select, Space, Tag, Typography } from 'antd';
import { useSearchParams } from 'umi';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { fetchStudentOptions } from '@/services/school';
import { checkSubmission, rejectSubmission, submitSubmission } from '@/services/teaching';
import type { Submission, SubmissionStatus } from '@/types/teaching';

const STATUS_COLOR: Record<SubmissionStatus, string> = { pending: 'default', submitted: 'processing', checked: 'success', rejected: 'error' };

export function SubmissionTag({ status }: { status: SubmissionStatus }) {
  const { t } = useIntl();
  return <Tag color={STATUS_COLOR[status]}>{t(`hw.status.${status}`)}</Tag>;
}

/** Plain text with its line breaks kept (never HTML). */
export function PlainText({ text }: { text?: string }) {
  if (!text) return null;
  return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{text}</Typography.Paragraph>;
}

/** A searchable student select (the caller's scope). */
export function StudentPicker({ value, onChange, id }: { value?: number; onChange: (v?: number) => void; id?: string }) {
  const { t } = useIntl();
  const [keyword, setKeyword] = React.useState('');
  const { data, loading } = useRequest(() => fetchStudentOptions({ keyword: keyword || undefined }), { refreshDeps: [keyword], debounceWait: 250 });
  return (
    <Select
      id={id}
      aria-label={t('hw.pickStudent')}
      showSearch
      allowClear
      filterOption={false}
      loading={loading}
      style={{ width: 280 }}
      placeholder={t('hw.pickStudent')}
      value={value}
      onSearch={setKeyword}
      onChange={(v) => onChange(v ?? undefined)}
      options={data ?? []}
    />
  );
}

/** The student a student-side screen (/student/home-work, /student/score) shows, kept in the address as `?studentId=`. */
export function useStudentParam(): [number | undefined, (v?: number) => void] {
  const [params, setParams] = useSearchParams();
  const studentId = params.get('studentId') ? Number(params.get('studentId')) : undefined;
  return [studentId, (v) => setParams(v ? { studentId: String(v) } : {})];
}

/** The labelled student picker heading a student-side screen; `children`: what follows it (an action for that student). */
export function StudentPickerBar({ id, value, onChange, children }: { id: string; value?: number; onChange: (v?: number) => void; children?: React.ReactNode }) {
  const { t } = useIntl();
  return (
    <Space>
      <label htmlFor={id}>{t('hw.student')}</label>
      <StudentPicker id={id} value={value} onChange={onChange} />
      {children}
    </Space>
  );
}

type Mode = 'check' | 'reject' | 'submit';

/** One modal for the three moves of a submission (check with stars, reject with a reason, record a submission). */
export function SubmissionModal({ sub, mode, onClose, onDone }: { sub?: Submission; mode?: Mode; onClose: () => void; onDone: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = React.useState(false);
  const open = !!sub && !!mode;
  React.useEffect(() => {
    if (open) form.setFieldsValue({ stars: sub?.stars ?? undefined, comment: sub?.comment ?? '', reason: '', text: '' });
  }, [open, sub, form]);
  const ok = async () => {
    if (!sub || !mode) return;
    const v = await form.validateFields();
    setSaving(true);
    try {
      if (mode === 'check') await checkSubmission({ id: sub.id, stars: v.stars, comment: v.comment || undefined });
      if (mode === 'reject') await rejectSubmission({ id: sub.id, reason: v.reason });
      if (mode === 'submit') await submitSubmission({ id: sub.id, text: v.text });
      message.success(t('common.saved'));
      onDone();
      onClose();
    } catch {
      /* shown by the request layer; the modal keeps what was typed */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={mode ? t(`hw.${mode}.title`, { name: sub?.studentName ?? '' }) : undefined}
      onCancel={onClose}
      onOk={ok}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      {sub?.text && mode !== 'submit' && <PlainText text={sub.text} />}
      <Form form={form} layout="vertical" name={`submission-${mode}`} style={{ marginTop: 12 }}>
        {mode === 'check' && (
          <>
            <Form.Item name="stars" label={t('hw.stars')} rules={[{ required: true, message: t('hw.stars.required') }]}>
              <Rate aria-label={t('hw.stars')} />
            </Form.Item>
            <Form.Item name="comment" label={t('hw.comment')}>
              <Input.TextArea maxLength={500} showCount rows={3} />
            </Form.Item>
          </>
        )}
        {mode === 'reject' && (
          <Form.Item name="reason" label={t('hw.rejectReason')} rules={[{ required: true, whitespace: true, message: t('hw.rejectReason.required') }]}>
            <Input.TextArea maxLength={200} showCount rows={3} />
          </Form.Item>
        )}
        {mode === 'submit' && (
          <Form.Item name="text" label={t('hw.submissionText')} rules={[{ required: true, whitespace: true, message: t('hw.submissionText.required') }]}>
            <Input.TextArea maxLength={2000} showCount rows={4} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
