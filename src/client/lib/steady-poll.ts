/**
 * Calls `poll` `intervalMs` after the start of the previous call, the first one `intervalMs` from now,
 * never two at once: an answer slower than the interval delays the next call to its end instead of stacking
 * calls or firing them in a burst when it arrives (a timer per interval does both). Stops when `poll`
 * resolves true, or when the returned function is called. A failed call counts as "not done yet".
 */
export function pollSteadily(poll: () => Promise<boolean>, intervalMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;
  const run = async () => {
    const startedAt = Date.now();
    const isDone = await poll().catch(() => false);
    if (isDone || isStopped) return;
    const wait = intervalMs - (Date.now() - startedAt);
    if (wait <= 0) void run();
    else timer = setTimeout(run, wait);
  };
  timer = setTimeout(run, intervalMs);
  return () => {
    isStopped = true;
    clearTimeout(timer);
  };
}
