/** /customer/TimeSelect: the shared range picker has no screen of its own; the route opens /customer/data (docs/screens.md#customer-center). */
import { useEffect } from 'react';
import { history, useLocation } from 'umi';

export default function TimeSelectRoute() {
  const location = useLocation();
  useEffect(() => {
    history.replace(`/customer/data${location.search}`);
  }, [location.search]);
  return null;
}
