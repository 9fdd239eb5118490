/**
 * The poster screen's frame: a form on the left, the live canvas (2× density) on the right, the QR code rendered
 * by antd's QRCode (canvas) and copied onto the poster, and a PNG download.
 */
import React, { useEffect, useRef } from 'react';
import { Button, Card, Col, QRCode, Row, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useIntl } from '@/locales/useIntl';
import { drawPoster, downloadPng, loadImage, POSTER_HEIGHT, POSTER_WIDTH, type PosterTemplate } from './draw';

export interface PosterStudioProps {
  /** Builds the template from the QR canvas and the logo (both may be missing while loading). */
  build: (assets: { qr?: HTMLCanvasElement; logo?: HTMLImageElement }) => PosterTemplate;
  qrValue: string;
  fileName: string;
  /** Changes when the poster must be redrawn. */
  deps: unknown[];
  children: React.ReactNode;
}

export default function PosterStudio({ build, qrValue, fileName, deps, children }: PosterStudioProps) {
  const { t } = useIntl();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const qrRef = useRef<HTMLDivElement>(null);
  const [logo, setLogo] = React.useState<HTMLImageElement>();
  useEffect(() => {
    void loadImage(`${process.env.ROUTER_BASE || '/'}logo.svg`.replace('//', '/')).then(setLogo);
  }, []);
  useEffect(() => {
    const id = requestAnimationFrame(() => {
      const qr = qrRef.current?.querySelector('canvas') ?? undefined;
      if (canvasRef.current) drawPoster(canvasRef.current, build({ qr, logo }));
    });
    return () => cancelAnimationFrame(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [logo, qrValue, ...deps]);
  return (
    <div style={{ padding: 24 }}>
      <Row gutter={24}>
        <Col xs={24} lg={10}>
          <Card>{children}</Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card
            title={t('poster.preview')}
            extra={
              <Button type="primary" icon={<DownloadOutlined />} onClick={() => canvasRef.current && downloadPng(canvasRef.current, fileName)}>
                {t('poster.download')}
              </Button>
            }
          >
            <Space direction="vertical" align="center" style={{ width: '100%' }}>
              <canvas ref={canvasRef} data-testid="poster-canvas" role="img" aria-label={t('poster.preview')} style={{ width: POSTER_WIDTH, height: POSTER_HEIGHT, boxShadow: '0 2px 12px rgba(0,0,0,0.15)', borderRadius: 8 }} />
              <Typography.Text type="secondary">{t('poster.size', { w: POSTER_WIDTH * 2, h: POSTER_HEIGHT * 2 })}</Typography.Text>
            </Space>
            <div ref={qrRef} aria-hidden style={{ position: 'absolute', left: -10000, top: 0 }}>
              <QRCode value={qrValue || ' '} type="canvas" size={240} bordered={false} />
            </div>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
