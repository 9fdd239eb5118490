/**
 * SMS codes (docs/rules.md#people-and-credentials): 6 random digits (`randomCode`), valid SMS_CODE_TTL_MS, single use, one per mobile and
 * scene (a new send replaces the last), dropped after SMS_CODE_MAX_TRIES wrong tries, stored in the database
 * (server/auth/state.ts, as sent: a hash of a million possible values would hide nothing). Every text goes out through one `SmsSender`: the log sender in
 * development (prints the masked mobile and the text: the only place a code is printed), the capturing sender for
 * test servers (`handlersFor({ test: true })`, read with `GET /v2/__test__/sms?mobile=`). A real deployment plugs
 * its provider in with `setSmsSender`. The fixed demo code is accepted besides the sent one in demo mode only
 * (mock/mode.ts).
 */
import { randomCode } from './credentials';
import { afterCommit, keepOnRefusal } from '../server/db';
import { codeOf, countWrongTry, dropCode, storeCode, type SmsScene } from '../server/auth/state';
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

/**
 * Creates a new code for `mobile` and `scene` (replacing any earlier one) and sends it once the request's
 * transaction has committed (nothing leaves the process for a request that fails).
 */
export async function sendCode(mobile: string, scene: SmsScene, now = Date.now()): Promise<void> {
  const code = randomCode(6);
  await storeCode(mobile, scene, code, now, SMS_CODE_TTL_MS);
  await afterCommit(() => sender.send(mobile, codeText(code)));
}

/**
 * Checks (and on success uses up) the code of `mobile` and `scene`: the code last sent, within its 5 minutes; in demo
 * mode also `123456`. A wrong try counts against the code (dropped after SMS_CODE_MAX_TRIES), and is kept although
 * the request answers with a refusal (`keepOnRefusal`).
 */
export async function takeCode(mobile: string, scene: SmsScene, code: string, now = Date.now()): Promise<boolean> {
  const row = await codeOf(mobile, scene);
  if (row && now - row.sentAt < SMS_CODE_TTL_MS && row.code === code) {
    await dropCode(mobile, scene);
    return true;
  }
  if (row) {
    keepOnRefusal();
    if (row.tries + 1 >= SMS_CODE_MAX_TRIES || now - row.sentAt >= SMS_CODE_TTL_MS) await dropCode(mobile, scene);
    else await countWrongTry(mobile, scene);
  }
  return demoMode() && code === DEMO_SMS_CODE;
}
