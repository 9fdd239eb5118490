/**
 * class-card-op tab: the operations desk. Find a student and a card, then sell, renew, gift, consume, request a
 * return, correct or invalidate; review pending return requests; recent card orders.
 */
import React, { useRef, useState } from "react";
import {
  Button,
  Card,
  Col,
  Empty,
  Form,
  Row,
  Select,
  Space,
  Tag,
  Typography,
} from "antd";
import { type ActionType, type ProColumns } from "@ant-design/pro-components";
import ListTable from '@/components/ListTable';
import { useDebounceFn, useRequest } from "ahooks";
import { useIntl } from "@/locales/useIntl";
import { tableRequest } from "@/services/list";
import {
  fetchCardOptions,
  fetchCardOrders,
  fetchHourRecords,
  fetchStudentOptions,
  type Option,
} from "@/services/school";
import type { CardOrder, HourRecord } from "@/types/school";
import { formatHours, formatMoney } from "@/utils/format";
import {
  CardActions,
  CardSummary,
  ReviewButtons,
  SellCardModal,
} from '@/components/school/CardOps';
import { CardStatusTag } from '@/components/school/labels';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';
import DrillBanner, { useDrill } from '@/components/DrillBanner';
import { useSearchParams } from 'umi';

export default function CardOpTab() {
  const { t } = useIntl();
  const caps = useSchoolCaps();
  const [studentId, setStudentId] = useState<number>();
  const [cardId, setCardId] = useState<number>();
  const [studentOpts, setStudentOpts] = useState<Option[]>([]);
  const pendingRef = useRef<ActionType>();
  const ordersRef = useRef<ActionType>();
  // Opened from an analysis figure (cash in, cards sold): its filter (?drill=...) narrows the orders (docs/rules.md#analysis-metrics).
  const drill = useDrill();
  // ?order=<number> (the jump search opens a card order or its receipt): the orders list shows that order.
  const [urlParams, setUrlParams] = useSearchParams();
  const order = urlParams.get('order') ?? undefined;
  const search = useDebounceFn(
    async (keyword: string) =>
      setStudentOpts(await fetchStudentOptions({ keyword })),
    { wait: 300 },
  );
  const cards = useRequest(
    () => (studentId ? fetchCardOptions(studentId) : Promise.resolve([])),
    { refreshDeps: [studentId] },
  );
  const card = cards.data?.find((c) => c.value === cardId)?.card;
  const refreshAll = () => {
    cards.refresh();
    pendingRef.current?.reload();
    ordersRef.current?.reload();
  };

  const pendingColumns: ProColumns<HourRecord>[] = [
    { title: t("record.time"), dataIndex: "createdAt" },
    { title: t("card.student"), dataIndex: "studentName" },
    { title: t("card.cardNo"), dataIndex: "cardNo" },
    {
      title: t("record.requested"),
      dataIndex: "requestedHours",
      render: (_, r) => formatHours(r.requestedHours ?? -r.hours),
    },
    {
      title: t("record.refund"),
      dataIndex: "amount",
      render: (_, r) => formatMoney(Math.abs(r.amount)),
    },
    {
      title: t("record.reason"),
      dataIndex: "reason",
      ellipsis: true,
      width: 200,
      render: (_, r) => r.reason || "-",
    },
    { title: t("record.operator"), dataIndex: "operatorName" },
    // Approve and Reject stay side by side (not the compact "More" of ListTable's actions columns): they are the
    // two answers to the request, not a primary action and the rest.
    {
      title: t("common.actions"),
      key: "review",
      fixed: 'right',
      render: (_, r) => <ReviewButtons record={r} onDone={refreshAll} />,
    },
  ];
  const orderColumns: ProColumns<CardOrder>[] = [
    { title: t("order.orderNo"), dataIndex: "orderNo" },
    {
      title: t("cardOrder.kind"),
      dataIndex: "kind",
      render: (_, r) => t(`cardOrder.kind.${r.kind}`),
    },
    { title: t("card.student"), dataIndex: "studentName" },
    { title: t("card.template"), dataIndex: "templateName" },
    {
      title: t("card.field.hours"),
      dataIndex: "hours",
      render: (_, r) => `${formatHours(r.hours)} + ${formatHours(r.giftHours)}`,
    },
    {
      title: t("card.field.amount"),
      dataIndex: "amount",
      render: (_, r) => formatMoney(r.amount),
    },
    {
      title: t("card.field.method"),
      dataIndex: "method",
      render: (_, r) => t(`card.method.${r.method}`),
    },
    { title: t("card.seller"), dataIndex: "sellerName" },
    { title: t("record.time"), dataIndex: "createdAt" },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card title={t("cardOp.title")} size="small">
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form layout="vertical">
              <Form.Item label={t("card.student")} htmlFor="op-student">
                <Select
                  id="op-student"
                  showSearch
                  allowClear
                  filterOption={false}
                  placeholder={t("cardOp.studentHint")}
                  options={studentOpts}
                  onSearch={(v) => search.run(v)}
                  onFocus={() => studentOpts.length || search.run("")}
                  value={studentId}
                  onChange={(v?: number) => {
                    setStudentId(v);
                    setCardId(undefined);
                  }}
                />
              </Form.Item>
              <Form.Item label={t("card.card")} htmlFor="op-card">
                <Select
                  id="op-card"
                  disabled={!studentId}
                  loading={cards.loading}
                  placeholder={t("cardOp.cardHint")}
                  value={cardId}
                  onChange={(v: number) => setCardId(v)}
                  options={(cards.data ?? []).map((c) => ({
                    value: c.value,
                    label: (
                      <span>
                        {c.label} ·{" "}
                        {c.card.kind === "period"
                          ? t("card.kind.period")
                          : formatHours(c.card.remainingHours)}{" "}
                        <CardStatusTag status={c.card.status} />
                      </span>
                    ),
                  }))}
                />
              </Form.Item>
              {caps.sellCard && (
                <SellCardModal
                  studentId={studentId}
                  onDone={(r) => {
                    if (studentId === r.card.studentId) setCardId(r.card.id);
                    refreshAll();
                  }}
                  trigger={<Button type="primary">{t("card.op.sell")}</Button>}
                />
              )}
            </Form>
          </Col>
          <Col xs={24} md={14}>
            {card ? (
              <>
                <CardSummary card={card} />
                <CardActions card={card} size="middle" onDone={refreshAll} />
              </>
            ) : (
              <Empty description={t("cardOp.pick")} />
            )}
          </Col>
        </Row>
      </Card>
      <div data-testid="pending-returns">
        <ListTable<HourRecord>
          rowKey="id"
          actionRef={pendingRef}
          headerTitle={
            <span>
              {t("cardOp.pending")}{" "}
              {!caps.reviewReturn && (
                <Typography.Text type="secondary">
                  ({t("cardOp.reviewByManager")})
                </Typography.Text>
              )}
            </span>
          }
          search={false}
          options={false}
          columns={pendingColumns}
          request={tableRequest(fetchHourRecords, () => ({
            type: "backing",
            sortField: "createdAt",
            sortOrder: "descend",
          }))}
          pagination={{ defaultPageSize: 5 }}
        />
      </div>
      <DrillBanner />
      <ListTable<CardOrder>
        params={order ? { ...drill, keyword: order } : drill}
        rowKey="id"
        actionRef={ordersRef}
        headerTitle={
          <span>
            {t("cardOp.orders")}{" "}
            {order && (
              <Tag closable data-testid="order-filter" onClose={() => setUrlParams({ tab: 'class-card-op' })}>
                {order}
              </Tag>
            )}
          </span>
        }
        search={false}
        options={false}
        columns={orderColumns}
        request={tableRequest(fetchCardOrders)}
        pagination={{ defaultPageSize: 5 }}
      />
    </Space>
  );
}
