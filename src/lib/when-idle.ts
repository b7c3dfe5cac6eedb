/**
 * Runs `work` once the page is idle (after the frames and tasks due now; Safari, which has no
 * idle callbacks, in a task of its own); answers what cancels it. For work that a screen's update
 * sets off and that nothing on screen waits for, so it holds back neither the frame showing that
 * update nor what comes right after it.
 */
export function whenIdle(work: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const idle = requestIdleCallback(work);
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(work);
  return () => clearTimeout(timer);
}
