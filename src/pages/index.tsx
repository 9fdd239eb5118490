import React from 'react';
import { Navigate } from 'umi';

/** `/` opens the dashboard (a route outside the layout, see config/routes.ts). */
export default function Home() {
  return <Navigate to="/dashboard" replace />;
}
