/**
 * Demo mode (docs/rules.md#people-and-credentials): the demo accounts with their published passwords, the demo companies and the fixed
 * SMS code `123456` exist only in demo mode. `npm start`, `npm run preview` and the tests run in demo mode;
 * `APP_MODE=production` turns it off (the seed then holds only the platform company and its admin, whose one-time
 * password is printed once on the server's stdout).
 */
export function demoMode(): boolean {
  const mode = typeof process !== 'undefined' ? process.env.APP_MODE : undefined;
  return mode !== 'production';
}

/** The fixed SMS code accepted in demo mode only (besides the random code actually sent). */
export const DEMO_SMS_CODE = '123456';
