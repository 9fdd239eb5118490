import { useEffect, useState } from 'react';
import { afterIdle, hasBeenIdle } from '@/utils/idle';

/** False until the browser has been idle once since the page opened (src/utils/idle.ts), then true. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(hasBeenIdle);
  useEffect(() => (idle ? undefined : afterIdle(() => setIdle(true))), [idle]);
  return idle;
}
