/** What a poster's QR code may point at: the company's lead forms (public /f/{code}) or the console's home page. */
import { useRequest } from 'ahooks';
import { fetchPosterInfo } from '@/services/notice';

export function useQrTargets() {
  const info = useRequest(fetchPosterInfo);
  const origin = typeof window !== 'undefined' ? window.location.origin : '';
  const base = `${origin}${process.env.ROUTER_BASE || '/'}`.replace(/\/$/, '');
  const targets = [...(info.data?.forms ?? []).map((f) => ({ value: `${base}/f/${f.code}`, label: f.name })), { value: `${base}/`, label: info.data?.companyName ?? '' }];
  return { info: info.data, targets };
}
