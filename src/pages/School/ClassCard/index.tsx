import React from 'react';

export default function SchoolClassCardPage() {
  return <div />;
}
