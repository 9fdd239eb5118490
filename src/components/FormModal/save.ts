/**
 * The one save-and-report step of forms and row actions (issue 34): run the call, show the success message, then
 * `after` (reload the list, close a drawer) and resolve `true`; when the call is refused, resolve `false` and do
 * nothing else: the request layer has shown the server's message, and a form whose `onFinish` resolves `false` stays
 * open with the user's input. The form's submit button shows its loading state while `onFinish` runs (ProForm), so it
 * cannot be sent twice. Use it as `onFinish={(v) => save(() => createX(body(v)), t('common.saved'), onDone)}`.
 */
import { useCallback } from 'react';
import { App } from 'antd';

interface Reporter {
  success: (text: string) => unknown;
}

export type SuccessText<R> = string | ((result: R) => string);

export async function saveAndReport<R>(message: Reporter, call: () => Promise<R>, success: SuccessText<R>, after?: (result: R) => void): Promise<boolean> {
  let result: R;
  try {
    result = await call();
  } catch {
    // Shown by the request layer (src/utils/request.ts); the form keeps its input.
    return false;
  }
  message.success(typeof success === 'function' ? success(result) : success);
  after?.(result);
  return true;
}

/** `saveAndReport` with the app's message API: `const save = useSave();`. */
export function useSave() {
  const { message } = App.useApp();
  return useCallback(<R,>(call: () => Promise<R>, success: SuccessText<R>, after?: (result: R) => void) => saveAndReport(message, call, success, after), [message]);
}
