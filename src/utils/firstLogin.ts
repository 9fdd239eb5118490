/**
 * The password typed at the login, kept in memory only (never stored) until the first-login dialog has used it as
 * the current password of its change (src/components/account/FirstPasswordDialog.tsx). After a reload it is gone
 * and the dialog asks for it.
 */
let typed: string | undefined;

export function rememberLoginPassword(password: string | undefined) {
  typed = password;
}

/** The password typed at the login, if this page still has it. */
export function loginPassword(): string | undefined {
  return typed;
}
