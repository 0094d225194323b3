/**
 * Runs task once the browser has nothing else to do (after the first paint and its requests),
 * or after 2 s where requestIdleCallback is missing (Safari). Returns a cancel function, so it
 * fits a React effect's clean-up. Used to fetch code a page will probably want next.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 2000);
  return () => window.clearTimeout(id);
}

/**
 * Resolves in a task of its own (a zero timeout): code that awaits it lets the browser draw and
 * answer input before it goes on, so a start-up made of several pieces of work is several short
 * tasks instead of one long one that blocks a phone's main thread (Lighthouse's Total Blocking
 * Time counts every task's time over 50 ms).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
