import React from 'react';

export default function CardOp() {
  return <div />;
}
