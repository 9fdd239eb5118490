import React from 'react';

export default function SchoolRoomPage() {
  return <div />;
}
