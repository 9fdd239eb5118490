/**
 * Request bodies of the session calls (login, SMS, store switch, profile, password, mobile) as zod schemas
 * (src/types/schema.ts). Strict: no coercion.
 */
import { id, mobile, oneOf, text, z } from './schema';

/** Blank account or password get the login's own message, so both are optional strings here. */
export const PasswordLoginBody = z.object({
  username: z.string().max(64).optional(),
  password: z.string().max(64).optional(),
});
export const SendSmsBody = z.object({ mobile: mobile(), scene: oneOf(['login', 'bind']) });
export const SmsLoginBody = z.object({ mobile: mobile(), code: text(6) });
export const SwitchStoreBody = z.object({ roleId: id() });
export const ProfileBody = z.object({ name: text(32) });
export const PasswordChangeBody = z.object({ oldPassword: text(64), newPassword: text(64) });
export const MobileChangeBody = z.object({ mobile: mobile(), code: text(6) });
