/**
 * Class-card operations (docs/rules.md#cards-and-hours, docs/screens.md#students class-card-op), shared by the operations tab, the card list,
 * the student drawer and /school/class-card: sell, renew, gift, custom consumption, return request and its review,
 * correction, invalidation. Each shows the balance before and after, confirms when hours leave the card, and
 * keeps the form open with the server's message when the rules refuse.
 */
import React from 'react';
import { Alert, App, Button, Descriptions, Form, Space, Typography } from 'antd';
import {
  ProFormDatePicker,
  ProFormDependency,
  ProFormSelect,
  ProFormTextArea,
} from '@ant-design/pro-components';
import FormModal from '@/components/FormModal';
import RowActions from '@/components/RowActions';
import { useIntl } from '@/locales/useIntl';
import SearchSelect from '@/components/SearchSelect';
import { useSession } from '@/hooks/useSession';
import NumberInput from '@/components/NumberInput';
import { confirmZeroMoney } from '@/components/NumberInput/rules';
import ReceiptModal from '@/components/Receipt';
import SettledArrears from '@/components/arrears/SettledArrears';
import {
  consumeHours,
  correctHours,
  fetchStaffOptions,
  fetchStudentOptions,
  fetchReturnQuote,
  fetchTemplateOptions,
  giftHours,
  invalidateCard,
  renewCard,
  requestReturn,
  reviewReturnRequest,
  sellCard,
  type CardOpResult,
} from '@/services/school';
import type { CardTemplate, HourRecord, HourRecordType, StudentCard } from '@/types/school';
import { returnRefund, type ValuePool } from '@/domain/revenue';
import { returnableHours, round1, saleEndsBeforeToday, saleExpiryDate, signedHoursFor } from '@/domain/ledger';
import { DEFAULT_COMPANY_SETTINGS } from '@/types/settings';
import { formatHours, formatMoney } from '@/utils/format';
import { CardStatusTag, PAY_METHODS } from './labels';
import { dateStr, todayStr } from '@/utils/fields';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';

export type CardOp = 'renew' | 'gift' | 'consume' | 'return' | 'correct' | 'invalidate';

const OP_TYPE: Record<CardOp, HourRecordType | undefined> = {
  renew: 'add',
  gift: 'give',
  consume: 'diy',
  return: 'backing',
  correct: 'proof',
  invalidate: undefined,
};

/** Hours leave the card: ask before doing it. */
function leaves(op: CardOp, hours: number | undefined) {
  return op === 'consume' || op === 'return' || op === 'invalidate' || (op === 'correct' && (hours ?? 0) < 0);
}

function useConfirm() {
  const { modal } = App.useApp();
  const { t } = useIntl();
  return (content: string) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('card.op.confirmTitle'),
        content,
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}

export function CardSummary({ card }: { card: StudentCard }) {
  const { t } = useIntl();
  return (
    <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} data-testid="card-summary">
      <Descriptions.Item label={t('card.cardNo')}>{card.cardNo}</Descriptions.Item>
      <Descriptions.Item label={t('card.student')}>{card.studentName}</Descriptions.Item>
      <Descriptions.Item label={t('card.template')}>{card.templateName}</Descriptions.Item>
      <Descriptions.Item label={t('common.status')}>
        <CardStatusTag status={card.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('card.remaining')}>
        <strong data-testid="card-balance">{card.kind === 'period' ? t('card.kind.period') : formatHours(card.remainingHours)}</strong>
      </Descriptions.Item>
      <Descriptions.Item label={t('card.unitPrice')}>{formatMoney(card.unitPrice)}</Descriptions.Item>
      <Descriptions.Item label={t('card.validity')}>
        {card.startDate} ~ {card.expiryDate}
      </Descriptions.Item>
      <Descriptions.Item label={t('card.seller')}>{card.sellerName}</Descriptions.Item>
      {card.invalidReason && (
        <Descriptions.Item label={t('card.invalidReason')} span={2}>
          {card.invalidReason}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

function BalancePreview({ card, op, hours }: { card: StudentCard; op: CardOp; hours?: number }) {
  const { t } = useIntl();
  const type = OP_TYPE[op];
  const before = card.remainingHours;
  let after = before;
  if (type && hours !== undefined) {
    after = op === 'correct' ? round1(before + hours) : round1(before + signedHoursFor(type, hours, DEFAULT_COMPANY_SETTINGS, card.kind));
  }
  const text =
    op === 'invalidate'
      ? t('card.op.forfeit', { hours: formatHours(before) })
      : t('card.op.preview', { before: formatHours(before), after: formatHours(after) });
  return <Alert type={after < 0 ? 'error' : op === 'invalidate' ? 'warning' : 'info'} showIcon message={text} style={{ marginBottom: 16 }} data-testid="balance-preview" />;
}

interface OpModalProps {
  card: StudentCard;
  op: CardOp;
  trigger?: React.ReactElement;
  /** Controlled mode (no trigger). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onDone?: (r: CardOpResult) => void;
}

/** One modal per operation on an existing card. */
export function CardOpModal({ card, op, trigger, open, onOpenChange, onDone }: OpModalProps) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { modal } = App.useApp();
  const [form] = Form.useForm();
  const needsReason = op === 'consume' || op === 'correct' || op === 'invalidate';
  // A return shows its refund before confirming: the card's pool from the server, the refund by the server's function.
  const [pool, setPool] = React.useState<ValuePool>();
  const maxReturn = returnableHours(card);
  return (
    <FormModal
      name={`cardOp_${op}_${card.id}`}
      title={t(`card.op.${op}`)}
      form={form}
      trigger={trigger}
      {...(open !== undefined ? { open, onOpenChange } : {})}
      width={640}
      modalProps={{ maskClosable: false }}
      initialValues={op === 'renew' ? { method: 'wechat' } : {}}
      onFinish={async (values: Record<string, unknown>) => {
        const hours = values.hours as number | undefined;
        if (op === 'renew' && !(await confirmZeroMoney(modal, values.amount as number | undefined))) return false;
        if (leaves(op, hours)) {
          const ok = await confirm(
            op === 'invalidate'
              ? t('card.op.confirmInvalidate', { card: card.cardNo, hours: formatHours(card.remainingHours) })
              : op === 'return' && pool
                ? t('card.op.confirmReturn', { hours: formatHours(hours ?? 0), card: card.cardNo, refund: formatMoney(returnRefund(pool, hours ?? 0)) })
                : t('card.op.confirmLeave', { hours: formatHours(Math.abs(hours ?? 0)), card: card.cardNo }),
          );
          if (!ok) return false;
        }
        try {
          const reason = (values.reason as string | undefined)?.trim() || undefined;
          let res: CardOpResult;
          switch (op) {
            case 'renew':
              res = await renewCard({
                cardId: card.id,
                hours: hours ?? 0,
                giftHours: (values.giftHours as number | undefined) ?? 0,
                amount: values.amount as number,
                method: values.method as never,
                sellerId: values.sellerId as number,
                expiryDate: dateStr(values.expiryDate),
              });
              break;
            case 'gift':
              res = await giftHours({ cardId: card.id, hours: hours ?? 0, reason });
              break;
            case 'consume':
              res = await consumeHours({ cardId: card.id, hours: hours ?? 0, reason: reason ?? '' });
              break;
            case 'return':
              res = await requestReturn({ cardId: card.id, hours: hours ?? 0, reason });
              break;
            case 'correct':
              res = await correctHours({ cardId: card.id, hours: hours ?? 0, reason: reason ?? '' });
              break;
            default:
              res = await invalidateCard({ cardId: card.id, reason: reason ?? '' });
          }
          message.success(t('card.op.done', { before: formatHours(res.balanceBefore), after: formatHours(res.balanceAfter) }));
          // A renewal settles the student's open arrears first (docs/rules.md#arrears): say which, as a sale's receipt does.
          if (res.arrears?.items.length) modal.info({ title: t('card.op.renew'), width: 520, content: <SettledArrears settlement={res.arrears} /> });
          onDone?.(res);
          return true;
        } catch {
          return false;
        }
      }}
    >
      <CardSummary card={card} />
      <ProFormDependency name={['hours']}>{({ hours }) => <BalancePreview card={card} op={op} hours={hours} />}</ProFormDependency>
      {op === 'return' && <ReturnRefundPreview card={card} pool={pool} onPool={setPool} />}
      {op !== 'invalidate' && !(op === 'renew' && card.kind === 'period') && (
        <Form.Item
          name="hours"
          label={t(op === 'correct' ? 'card.field.correction' : op === 'return' ? 'card.field.returnHours' : 'card.field.hours')}
          extra={op === 'correct' ? t('card.field.correctionHint') : op === 'return' ? t('card.field.refundHint', { price: formatMoney(card.unitPrice) }) : undefined}
          rules={[
            { required: true, message: t('card.field.hours.required') },
            {
              validator: (_, v: number | undefined) =>
                v === undefined || (op === 'correct' ? v !== 0 : v > 0) ? Promise.resolve() : Promise.reject(new Error(t('card.field.hours.positive'))),
            },
            ...(op === 'return'
              ? [
                  {
                    validator: (_: unknown, v: number | undefined) =>
                      v === undefined || v <= maxReturn ? Promise.resolve() : Promise.reject(new Error(t('card.field.returnMax', { max: formatHours(maxReturn) }))),
                  },
                ]
              : []),
          ]}
        >
          {op === 'correct' ? <SignedHoursInput /> : <NumberInput oneDecimal placeholder="0.0" />}
        </Form.Item>
      )}
      {op === 'renew' && (
        <>
          {card.kind === 'count' && (
            <Form.Item name="giftHours" label={t('card.field.giftHours')}>
              <NumberInput oneDecimal placeholder="0.0" />
            </Form.Item>
          )}
          <Form.Item name="amount" label={t('card.field.amount')} rules={[{ required: true, message: t('card.field.amount.required') }]}>
            <NumberInput placeholder="0.00" />
          </Form.Item>
          <ProFormSelect name="method" label={t('card.field.method')} options={PAY_METHODS.map((m) => ({ value: m, label: t(`card.method.${m}`) }))} rules={[{ required: true }]} />
          <SellerSelect form={form} />
          <ProFormDatePicker
            name="expiryDate"
            label={t('card.field.newExpiry')}
            extra={t('card.field.newExpiryHint', { date: card.expiryDate })}
            fieldProps={{ format: 'YYYY-MM-DD' }}
            rules={[
              { required: card.kind === 'period' || card.expiryDate < todayStr(), message: t('card.field.newExpiry.required') },
              {
                validator: (_rule: unknown, v: unknown) => {
                  const s = dateStr(v);
                  return !s || s >= card.expiryDate ? Promise.resolve() : Promise.reject(new Error(t('card.field.newExpiry.order', { date: card.expiryDate })));
                },
              },
            ]}
          />
        </>
      )}
      {(op === 'gift' || op === 'return' || needsReason) && (
        <ProFormTextArea
          name="reason"
          label={t('card.field.reason')}
          fieldProps={{ maxLength: 200, showCount: true, rows: 2 }}
          rules={needsReason ? [{ required: true, whitespace: true, message: t('card.field.reason.required') }] : []}
        />
      )}
    </FormModal>
  );
}

/** The refund of the hours typed in a return form, computed like the server's (`returnRefund` over the card's pool). */
function ReturnRefundPreview({ card, pool, onPool }: { card: StudentCard; pool?: ValuePool; onPool: (p: ValuePool) => void }) {
  const { t } = useIntl();
  React.useEffect(() => {
    let live = true;
    fetchReturnQuote(card.id).then(
      (q) => live && onPool(q.pool),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [card.id, card.remainingHours, onPool]);
  return (
    <ProFormDependency name={['hours']}>
      {({ hours }) => {
        const h = typeof hours === 'number' && hours > 0 && hours <= returnableHours(card) ? hours : undefined;
        if (!pool || h === undefined) return null;
        return (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="refund-preview" message={t('card.op.refundPreview', { hours: formatHours(h), refund: formatMoney(returnRefund(pool, h)) })} />
        );
      }}
    </ProFormDependency>
  );
}

/** A signed hours input: a sign switch and NumberInput (the cleaner drops "-"). */
function SignedHoursInput({ value, onChange, id }: { value?: number; onChange?: (v: number | undefined) => void; id?: string }) {
  const { t } = useIntl();
  const [sign, setSign] = React.useState<1 | -1>(value !== undefined && value < 0 ? -1 : 1);
  const abs = value === undefined ? undefined : Math.abs(value);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Button
        aria-label={t('card.field.sign')}
        onClick={() => {
          const next = sign === 1 ? -1 : 1;
          setSign(next);
          if (abs !== undefined) onChange?.(next * abs);
        }}
        style={{ width: 56 }}
        data-testid="sign-toggle"
      >
        {sign === 1 ? '+' : '−'}
      </Button>
      <NumberInput id={id} oneDecimal placeholder="0.0" value={abs} onChange={(v) => onChange?.(v === undefined ? undefined : sign * v)} />
    </Space.Compact>
  );
}

/** Seller (for commission): the sales, managers and dealer; defaults to the signed-in staff member. */
function SellerSelect({ form }: { form: ReturnType<typeof Form.useForm>[0] }) {
  const { t } = useIntl();
  const { currentUser } = useSession();
  return (
    <ProFormSelect
      name="sellerId"
      label={t('card.field.seller')}
      showSearch
      request={async () => {
        const opts = await fetchStaffOptions({ role: 'sales,manager,dealer' });
        const me = opts.find((o) => o.label === currentUser?.name);
        if (me && form.getFieldValue('sellerId') === undefined) form.setFieldsValue({ sellerId: me.value });
        return opts;
      }}
      rules={[{ required: true, message: t('card.field.seller.required') }]}
    />
  );
}

const DANGER_LINK: React.CSSProperties = { color: '#cf1322' };

/**
 * The operations a role may use on a card: buttons (the card page), or in a table row (`compact`) the first as a link and the rest behind
 * "More" (RowActions, issue 31), followed by the row's `extra` actions.
 */
export function CardActions({
  card,
  onDone,
  size = 'small',
  compact,
  extra,
}: {
  card: StudentCard;
  onDone?: (r: CardOpResult) => void;
  size?: 'small' | 'middle';
  compact?: boolean;
  extra?: React.ReactNode;
}) {
  const { t } = useIntl();
  const caps = useSchoolCaps();
  const invalid = <Typography.Text type="secondary">{t('card.status.invalid')}</Typography.Text>;
  if (card.status === 'invalid') return compact ? <RowActions>{invalid}{extra}</RowActions> : invalid;
  const ops: CardOp[] = [];
  if (caps.sellCard) ops.push('renew');
  if (caps.giftHours) ops.push('gift');
  if (caps.consume && card.kind === 'count') ops.push('consume');
  if (caps.requestReturn && card.kind === 'count') ops.push('return');
  if (caps.correct) ops.push('correct');
  if (caps.invalidate) ops.push('invalidate');
  if (!ops.length) return compact ? <RowActions>{extra}</RowActions> : null;
  if (compact) {
    return (
      <RowActions>
        {ops.map((op) => (
          <CardOpModal key={op} card={card} op={op} onDone={onDone} trigger={<a style={op === 'invalidate' ? DANGER_LINK : undefined}>{t(`card.op.${op}`)}</a>} />
        ))}
        {extra}
      </RowActions>
    );
  }
  return (
    <Space wrap size={4}>
      {ops.map((op) => (
        <CardOpModal
          key={op}
          card={card}
          op={op}
          onDone={onDone}
          trigger={
            <Button size={size} danger={op === 'invalidate'}>
              {t(`card.op.${op}`)}
            </Button>
          }
        />
      ))}
    </Space>
  );
}

/** Sell a new card: an order with the seller, amount and payment method. */
export function SellCardModal({
  studentId,
  trigger,
  onDone,
  onReceiptClosed,
}: {
  studentId?: number;
  trigger: React.ReactElement;
  onDone?: (r: CardOpResult) => void;
  /** After the sale's receipt is closed (a list row that the sale may filter out reloads then, not under the receipt). */
  onReceiptClosed?: () => void;
}) {
  const { t } = useIntl();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm();
  const [templates, setTemplates] = React.useState<CardTemplate[]>([]);
  const [receipt, setReceipt] = React.useState<CardOpResult>();
  return (
    <>
    <ReceiptModal
      result={receipt}
      onClose={() => {
        setReceipt(undefined);
        onReceiptClosed?.();
      }}
    />
    <FormModal
      name={`sellCard${studentId ?? ''}`}
      title={t('card.op.sell')}
      form={form}
      trigger={trigger}
      width={600}
      modalProps={{ maskClosable: false }}
      initialValues={{ studentId, method: 'wechat', startDate: todayStr() }}
      onFinish={async (values: Record<string, unknown>) => {
        if (!(await confirmZeroMoney(modal, values.amount as number | undefined))) return false;
        try {
          const res = await sellCard({
            studentId: values.studentId as number,
            templateId: values.templateId as number,
            amount: values.amount as number,
            method: values.method as never,
            sellerId: values.sellerId as number,
            startDate: dateStr(values.startDate) ?? todayStr(),
          });
          message.success(t('card.op.sold', { card: res.card.cardNo, after: formatHours(res.balanceAfter) }));
          setReceipt(res);
          onDone?.(res);
          return true;
        } catch {
          return false;
        }
      }}
    >
      <SearchSelect
        name="studentId"
        label={t('card.student')}
        disabled={studentId !== undefined}
        search={(keyword) => fetchStudentOptions({ keyword, id: studentId })}
        requiredText={t('card.field.student.required')}
      />
      <ProFormSelect
        name="templateId"
        label={t('card.template')}
        request={async () => {
          const opts = await fetchTemplateOptions();
          setTemplates(opts.map((o) => o.template));
          return opts.map((o) => ({ value: o.value, label: o.label }));
        }}
        fieldProps={{
          onChange: (id: number) => {
            const tpl = templates.find((x) => x.id === id);
            if (tpl) form.setFieldsValue({ amount: tpl.price });
          },
        }}
        rules={[{ required: true, message: t('card.field.template.required') }]}
      />
      <ProFormDependency name={['templateId', 'amount']}>
        {({ templateId, amount }) => {
          const tpl = templates.find((x) => x.id === templateId);
          if (!tpl) return null;
          const total = tpl.hours + tpl.giftHours;
          return (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="sell-preview"
              message={t('card.op.sellPreview', {
                hours: formatHours(tpl.hours),
                gift: formatHours(tpl.giftHours),
                days: tpl.validDays,
                unit: total > 0 && typeof amount === 'number' ? formatMoney(Math.round((amount / total) * 100) / 100) : '-',
              })}
            />
          );
        }}
      </ProFormDependency>
      <Form.Item name="amount" label={t('card.field.amount')} rules={[{ required: true, message: t('card.field.amount.required') }]}>
        <NumberInput placeholder="0.00" />
      </Form.Item>
      <ProFormSelect name="method" label={t('card.field.method')} options={PAY_METHODS.map((m) => ({ value: m, label: t(`card.method.${m}`) }))} rules={[{ required: true }]} />
      <SellerSelect form={form} />
      <ProFormDependency name={['templateId', 'startDate']}>
        {({ templateId, startDate }) => {
          const tpl = templates.find((x) => x.id === templateId);
          // A start date whose card would end before today cannot be chosen (the server refuses it too).
          const endsBeforeToday = (v: unknown) => {
            const s = dateStr(v);
            return !!tpl && !!s && saleEndsBeforeToday(s, tpl.validDays, todayStr());
          };
          return (
            <ProFormDatePicker
              name="startDate"
              label={t('card.field.startDate')}
              extra={tpl ? t('card.field.saleEnds', { date: saleExpiryDate(dateStr(startDate) ?? todayStr(), tpl.validDays) }) : undefined}
              fieldProps={{ format: 'YYYY-MM-DD', disabledDate: (d: unknown) => endsBeforeToday(d) }}
              rules={[
                { required: true, message: t('card.field.startDate.required') },
                {
                  validator: (_rule: unknown, v: unknown) =>
                    endsBeforeToday(v) && tpl
                      ? Promise.reject(new Error(t('card.field.saleExpired', { date: saleExpiryDate(dateStr(v) ?? '', tpl.validDays) })))
                      : Promise.resolve(),
                },
              ]}
            />
          );
        }}
      </ProFormDependency>
    </FormModal>
    </>
  );
}

/** Approve or reject a pending return request (backing → back / back_reject). */
export function ReviewButtons({ record, onDone }: { record: HourRecord; onDone?: (r: CardOpResult) => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const caps = useSchoolCaps();
  const [busy, setBusy] = React.useState(false);
  if (record.type !== 'backing' || !caps.reviewReturn) return null;
  const review = async (approve: boolean) => {
    const ok = await confirm(
      approve
        ? t('card.review.confirmApprove', { hours: formatHours(record.requestedHours ?? -record.hours), student: record.studentName })
        : t('card.review.confirmReject', { hours: formatHours(record.requestedHours ?? -record.hours), student: record.studentName }),
    );
    if (!ok) return;
    setBusy(true);
    try {
      const res = await reviewReturnRequest({ recordId: record.id, approve });
      message.success(approve ? t('card.review.approved', { amount: formatMoney(Math.abs(res.record?.amount ?? 0)) }) : t('card.review.rejected', { after: formatHours(res.balanceAfter) }));
      onDone?.(res);
    } catch {
      /* shown by the request layer */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size={4}>
      <Button size="small" type="primary" loading={busy} onClick={() => review(true)}>
        {t('card.review.approve')}
      </Button>
      <Button size="small" danger loading={busy} onClick={() => review(false)}>
        {t('card.review.reject')}
      </Button>
    </Space>
  );
}
