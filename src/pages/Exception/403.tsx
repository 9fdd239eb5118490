import React from 'react';
import ExceptionResult from '@/components/ExceptionResult';

/** Shown when the user opens a route they lack access to (SPEC §2). */
export default function Forbidden() {
  return <ExceptionResult status="403" />;
}
