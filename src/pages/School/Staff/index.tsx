import React from 'react';

export default function SchoolStaffPage() {
  return <div />;
}
