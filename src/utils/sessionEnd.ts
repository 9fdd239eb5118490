/**
 * Why the last session ended, when the server said (issue 31): a 401 with `reason: 'accountDisabled'` carries the
 * message naming whom to contact. The request layer keeps it here as it goes to the login page, which shows it in its
 * error box (read once). Kept in sessionStorage: the login page may be a new page load.
 */
const KEY = 'sessionEnded';

export function rememberSessionEnd(text: string) {
  try {
    window.sessionStorage.setItem(KEY, text);
  } catch {
    /* storage refused: the toast was the message */
  }
}

export function takeSessionEnd(): string | undefined {
  try {
    const text = window.sessionStorage.getItem(KEY) ?? undefined;
    window.sessionStorage.removeItem(KEY);
    return text;
  } catch {
    return undefined;
  }
}
