/**
 * The poster screen's frame: a form on the left, the live canvas (2× density) on the right, the QR code rendered
 * by antd's QRCode (canvas) and copied onto the poster, and a PNG download.
 */
import React, { useEffect, useRef } from 'react';
import { Button, Card, Col, QRCode, Row, Space, Tooltip, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useIntl } from '@/locales/useIntl';
import { drawPoster, downloadPng, loadImage, POSTER_HEIGHT, POSTER_WIDTH, type DrawnPoster, type PosterTemplate } from './draw';

export interface PosterStudioProps {
  /**
   * Builds the template from the QR canvas and the pictures (`logo`: the company's; `partnerLogo`: the partner's),
   * any of which may be missing (while loading, or none uploaded).
   */
  build: (assets: { qr?: HTMLCanvasElement; logo?: HTMLImageElement; partnerLogo?: HTMLImageElement }) => PosterTemplate;
  /** The company's logo (data URL) from its settings; none: the poster writes the company's name (issue 31). */
  logoUrl?: string | null;
  /** The partner's logo (co-branded posters). */
  partnerLogoUrl?: string | null;
  /** Why the poster cannot be downloaded yet (e.g. no student chosen): the download is disabled with this reason. */
  notReady?: string;
  qrValue: string;
  fileName: string;
  /** Changes when the poster must be redrawn. */
  deps: unknown[];
  children: React.ReactNode;
}

/** Loads a picture by URL; undefined while none or loading. */
function usePicture(url: string | null | undefined): HTMLImageElement | undefined {
  const [img, setImg] = React.useState<HTMLImageElement>();
  useEffect(() => {
    let live = true;
    setImg(undefined);
    if (url) void loadImage(url).then((i) => live && setImg(i));
    return () => {
      live = false;
    };
  }, [url]);
  return img;
}

export default function PosterStudio({ build, qrValue, fileName, deps, children, logoUrl, partnerLogoUrl, notReady }: PosterStudioProps) {
  const { t } = useIntl();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const qrRef = useRef<HTMLDivElement>(null);
  const logo = usePicture(logoUrl);
  const partnerLogo = usePicture(partnerLogoUrl);
  const [drawn, setDrawn] = React.useState<DrawnPoster>();
  useEffect(() => {
    const id = requestAnimationFrame(() => {
      const qr = qrRef.current?.querySelector('canvas') ?? undefined;
      if (canvasRef.current) setDrawn(drawPoster(canvasRef.current, build({ qr, logo, partnerLogo })));
    });
    return () => cancelAnimationFrame(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [logo, partnerLogo, qrValue, ...deps]);
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
              <Tooltip title={notReady}>
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  disabled={!!notReady}
                  aria-describedby={notReady ? 'poster-not-ready' : undefined}
                  onClick={() => canvasRef.current && !notReady && downloadPng(canvasRef.current, fileName)}
                >
                  {t('poster.download')}
                </Button>
              </Tooltip>
            }
          >
            <Space direction="vertical" align="center" style={{ width: '100%' }}>
              {notReady && (
                <Typography.Text type="secondary" id="poster-not-ready">
                  {notReady}
                </Typography.Text>
              )}
              <canvas ref={canvasRef} data-testid="poster-canvas" data-drawn={drawn ? JSON.stringify(drawn) : undefined} role="img" aria-label={t('poster.preview')} style={{ width: POSTER_WIDTH, height: POSTER_HEIGHT, boxShadow: '0 2px 12px rgba(0,0,0,0.15)', borderRadius: 8 }} />
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
