/** The company colour of the console (src/utils/companyColor.ts) as React state; optionally synced from the session. */
import { useEffect, useSyncExternalStore } from 'react';
import type { CurrentUser } from '@/types/session';
import { getCompanyColor, setCompanyColor, subscribeCompanyColor } from '@/utils/companyColor';

export function useCompanyColor(currentUser?: CurrentUser): string | undefined {
  const signedIn = !!currentUser;
  const fromSession = currentUser?.company.themeColor;
  useEffect(() => {
    if (signedIn) setCompanyColor(fromSession);
  }, [signedIn, fromSession]);
  return useSyncExternalStore(subscribeCompanyColor, getCompanyColor, getCompanyColor);
}
