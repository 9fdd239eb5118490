/**
 * React side of the prompt queue (src/utils/promptQueue.ts, issue 31): what shows without the user asking waits
 * while a modal is open. `usePromptSlot(wanted)` for a dialog the app opens by itself (the subscription reminder,
 * the invitations): it is open when wanted AND its turn has come, and frees the queue when it closes or unmounts.
 * `useQueuedNotification()` for a toast: `notify(config)` shows it when no modal is open; a toast with
 * `duration: 0` is taken down while a modal is open and comes back after. Returns a cancel for a toast still waiting.
 */
import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import type { ArgsProps } from 'antd/es/notification';
import { enqueuePrompt } from '@/utils/promptQueue';

export function usePromptSlot(wanted: boolean): boolean {
  const [granted, setGranted] = useState(false);
  useEffect(() => {
    if (!wanted) return undefined;
    let live = true;
    const handle = enqueuePrompt({ kind: 'dialog', show: () => live && setGranted(true) });
    return () => {
      live = false;
      setGranted(false);
      handle.done();
    };
  }, [wanted]);
  return wanted && granted;
}

export type QueuedNotice = ArgsProps & { key: string };

export function useQueuedNotification() {
  const { notification } = App.useApp();
  return useCallback(
    (config: QueuedNotice, onShown?: () => void): (() => void) => {
      let shownOnce = false;
      let closing = false;
      const stays = config.duration === 0;
      const handle = enqueuePrompt({
        kind: 'toast',
        show: () => {
          closing = false;
          notification.open({
            ...config,
            onClose: () => {
              // Closed by the user (not taken down for a modal): done.
              if (!closing) handle.done();
              config.onClose?.();
            },
          });
          if (!shownOnce) {
            shownOnce = true;
            onShown?.();
          }
        },
        hide: stays
          ? () => {
              closing = true;
              notification.destroy(config.key);
            }
          : undefined,
      });
      return () => {
        if (!shownOnce) handle.done();
      };
    },
    [notification],
  );
}
