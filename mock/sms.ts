/**
 * SMS codes (PRODUCT.md §5.17): 6 random digits (`randomCode`), valid SMS_CODE_TTL_MS, single use, one per mobile and
 * scene (a new send replaces the last), dropped after SMS_CODE_MAX_TRIES wrong tries, stored in the Db
 * (`db.smsCodes`, as sent: see `SmsCodeRow`). Every text goes out through one `SmsSender`: the log sender in
 * development (prints the masked mobile and the text: the only place a code is printed), the capturing sender for
 * test servers (`handlersFor({ test: true })`, read with `GET /v2/__test__/sms?mobile=`). A real deployment plugs
 * its provider in with `setSmsSender`. The fixed demo code is accepted besides the sent one in demo mode only
 * (mock/mode.ts).
 */
import type { Db, SmsCodeRow } from './db';
import { randomCode } from './credentials';
import { DEMO_SMS_CODE, demoMode } from './mode';

export interface SmsSender {
  send(mobile: string, text: string): void | Promise<void>;
}

/** 138****0004: enough to tell numbers apart in a log, not enough to read one. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

/** Development: writes the masked mobile and the text on stdout. */
export const logSender: SmsSender = {
  send(mobile, text) {
    // eslint-disable-next-line no-console
    console.log(`[sms] to ${maskMobile(mobile)}: ${text}`);
  },
};

/** Tests: keeps the texts sent, newest last, printing nothing. */
export class CapturingSender implements SmsSender {
  readonly sent: { mobile: string; text: string; at: number }[] = [];
  send(mobile: string, text: string) {
    this.sent.push({ mobile, text, at: Date.now() });
    if (this.sent.length > 1000) this.sent.splice(0, this.sent.length - 1000);
  }
  /** The last text sent to `mobile`. */
  lastTo(mobile: string): string | undefined {
    for (let i = this.sent.length - 1; i >= 0; i -= 1) if (this.sent[i].mobile === mobile) return this.sent[i].text;
    return undefined;
  }
}

let sender: SmsSender = logSender;
/** Replaces the sender (a test server, a real provider). */
export function setSmsSender(s: SmsSender) {
  sender = s;
}
export function smsSender(): SmsSender {
  return sender;
}

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_CODE_MAX_TRIES = 5;

/** The text of a code (the 6 digits are what tests and people read from it). */
export function codeText(code: string): string {
  return `Campus Console verification code: ${code}. Valid for 5 minutes. 校务云验证码 ${code}，5 分钟内有效。`;
}

/** Creates a new code for `mobile` and `scene` (replacing any earlier one) and sends it. */
export async function sendCode(db: Db, mobile: string, scene: SmsCodeRow['scene'], now = Date.now()): Promise<void> {
  const code = randomCode(6);
  db.smsCodes = db.smsCodes.filter((c) => !(c.mobile === mobile && c.scene === scene) && now - c.sentAt < SMS_CODE_TTL_MS);
  db.smsCodes.push({ mobile, scene, code, sentAt: now, tries: 0 });
  await sender.send(mobile, codeText(code));
}

/**
 * Checks (and on success uses up) the code of `mobile` and `scene`: the code last sent, within its 5 minutes; in demo
 * mode also `123456`. A wrong try counts against the code (dropped after SMS_CODE_MAX_TRIES).
 */
export function takeCode(db: Db, mobile: string, scene: SmsCodeRow['scene'], code: string, now = Date.now()): boolean {
  const i = db.smsCodes.findIndex((c) => c.mobile === mobile && c.scene === scene);
  const row = i >= 0 ? db.smsCodes[i] : undefined;
  if (row && now - row.sentAt < SMS_CODE_TTL_MS && row.code === code) {
    db.smsCodes.splice(i, 1);
    return true;
  }
  if (row) {
    row.tries += 1;
    if (row.tries >= SMS_CODE_MAX_TRIES || now - row.sentAt >= SMS_CODE_TTL_MS) db.smsCodes.splice(db.smsCodes.indexOf(row), 1);
  }
  return demoMode() && code === DEMO_SMS_CODE;
}
