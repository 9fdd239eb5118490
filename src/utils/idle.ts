/**
 * Work a screen does not need for its first content (the header bell's counts) waits until the browser is first idle after the page opened,
 * at most IDLE_TIMEOUT_MS (issue 10): on a cold start it would otherwise run between the layout's first commit and the
 * list's first rows. Once the page has been idle, later calls run at once.
 */
export const IDLE_TIMEOUT_MS = 1000;
/** Where requestIdleCallback is missing (Safari): a short timer instead. */
export const IDLE_FALLBACK_MS = 200;

let idleSeen = false;

/** Whether the page has been idle once (then `afterIdle` runs its callback at once). */
export const hasBeenIdle = () => idleSeen;

/** Runs `run` when the browser is first idle (at once if it has been); returns a cancel function. */
export function afterIdle(run: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  if (idleSeen || typeof window === 'undefined') {
    run();
    return () => undefined;
  }
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    idleSeen = true;
    run();
  };
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fire, { timeout });
    return () => {
      done = true;
      window.cancelIdleCallback(id);
    };
  }
  const id = window.setTimeout(fire, IDLE_FALLBACK_MS);
  return () => {
    done = true;
    window.clearTimeout(id);
  };
}

/** For tests: forget that the page has been idle. */
export function resetIdleForTests(): void {
  idleSeen = false;
}
