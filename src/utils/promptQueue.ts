/**
 * What the app shows without the user asking (issue 31): a new bulletin's toast, the subscription reminder, the
 * invitations dialog. One rule for all: nothing of it covers a modal. Such a prompt waits in this queue while any
 * modal is open (an antd Modal or ModalForm in the page: `.ant-modal-wrap` shown) or while another queued dialog is
 * open, and shows when it closes; queued dialogs show one at a time, in the order they were asked for. A toast that
 * stays until closed (`hide`) is taken down when a modal opens over the page and shown again when it closes.
 * React components use `src/hooks/usePrompt.ts` (`usePromptSlot` for a dialog, `useQueuedNotification` for a toast).
 * A toast or message that answers the user's own action (saved, refused...) is shown directly, not queued.
 */

export interface PromptRequest {
  /** A dialog holds the queue until `done()`; a toast does not. */
  kind: 'dialog' | 'toast';
  /** Shows it (may be called again after `hide` for a toast that stays). */
  show: () => void;
  /** For a toast that stays until closed: takes it down (it shows again when the modal closes). */
  hide?: () => void;
}

export interface PromptHandle {
  /** The dialog closed or the toast was closed by the user (or the asker is gone): the next prompt may show. */
  done(): void;
}

interface Entry extends PromptRequest {
  id: number;
  state: 'waiting' | 'shown';
}

let seq = 0;
let entries: Entry[] = [];
let observer: MutationObserver | undefined;
let scheduled = false;

/** Whether a modal is open in the document (antd's Modal, ModalForm, confirm: a `.ant-modal-wrap` not hidden). */
export function modalOpen(): boolean {
  if (typeof document === 'undefined') return false;
  const wraps = document.querySelectorAll<HTMLElement>('.ant-modal-wrap');
  for (const el of Array.from(wraps)) if (el.style.display !== 'none') return true;
  return false;
}

function heldDialog(): Entry | undefined {
  return entries.find((e) => e.kind === 'dialog' && e.state === 'shown');
}

function watch() {
  const needed = entries.some((e) => e.state === 'waiting' || e.hide);
  if (needed && !observer && typeof MutationObserver !== 'undefined' && typeof document !== 'undefined') {
    observer = new MutationObserver(() => schedule());
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
  } else if (!needed && observer) {
    observer.disconnect();
    observer = undefined;
  }
}

/** Runs `flush` once after the current task's changes (React's commit, the DOM updates it caused). */
function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    flush();
  }, 0);
}

function takeDown(toasts: Entry[]) {
  for (const e of toasts) {
    e.state = 'waiting';
    e.hide!();
  }
  // First in line again, before what was asked for since.
  if (toasts.length) entries = [...toasts, ...entries.filter((e) => !toasts.includes(e))];
}

function flush() {
  const shownToasts = entries.filter((e) => e.kind === 'toast' && e.state === 'shown' && !!e.hide);
  if (heldDialog() || modalOpen()) {
    // A modal came up over a toast that stays: take it down until the modal closes.
    takeDown(shownToasts);
    watch();
    return;
  }
  // Dialogs first, one at a time (in the order asked); toasts when no dialog is waiting.
  const dialog = entries.find((e) => e.kind === 'dialog' && e.state === 'waiting');
  if (dialog) {
    takeDown(shownToasts);
    dialog.state = 'shown';
    dialog.show();
  } else {
    for (const e of entries) {
      if (e.state !== 'waiting') continue;
      e.state = 'shown';
      e.show();
    }
    // Toasts that do not stay are done once shown.
    entries = entries.filter((e) => e.kind === 'dialog' || e.state === 'waiting' || !!e.hide);
  }
  watch();
}

/** Asks to show a prompt: now when nothing modal is open, else when it closes. */
export function enqueuePrompt(request: PromptRequest): PromptHandle {
  seq += 1;
  const entry: Entry = { ...request, id: seq, state: 'waiting' };
  entries.push(entry);
  watch();
  schedule();
  return {
    done() {
      const had = entries.includes(entry);
      entries = entries.filter((e) => e !== entry);
      if (had) {
        watch();
        schedule();
      }
    },
  };
}

/** For tests: forget every prompt. */
export function resetPromptQueue() {
  entries = [];
  observer?.disconnect();
  observer = undefined;
}
