import React from 'react';

export default function SchoolClassPage() {
  return <div />;
}
