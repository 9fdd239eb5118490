import React from 'react';

export default function CardList() {
  return <div />;
}
