import React from 'react';

export default function WelcomePage() {
  return <div />;
}
