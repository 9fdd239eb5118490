import React from 'react';

export default function RecordList() {
  return <div />;
}
