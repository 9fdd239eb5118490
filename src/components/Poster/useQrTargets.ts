/** What a poster's QR code may point at: the company's lead forms (public /f/{code}) or the console's home page. */
import { useState } from 'react';
import { useRequest } from 'ahooks';
import { fetchPosterInfo } from '@/services/notice';

export function useQrTargets() {
  const info = useRequest(fetchPosterInfo);
  const [qr, setQr] = useState<string>();
  const origin = typeof window !== 'undefined' ? window.location.origin : '';
  const base = `${origin}${process.env.ROUTER_BASE || '/'}`.replace(/\/$/, '');
  const targets = [...(info.data?.forms ?? []).map((f) => ({ value: `${base}/f/${f.code}`, label: f.name })), { value: `${base}/`, label: info.data?.companyName ?? '' }];
  /** The target chosen in the poster's QR field, the first one until the user picks another. */
  const qrValue = qr ?? targets[0]?.value ?? '';
  return { info: info.data, targets, qrValue, setQr };
}
