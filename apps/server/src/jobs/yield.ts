/**
 * Let the event loop run its timers and I/O (API requests) before background work goes on.
 * Awaiting the embedded database never does that by itself: PGlite runs in this thread and its
 * promises resolve as microtasks, so a job's chain of statements would hold the loop — every
 * request of the process — until the chain ends. Background work calls this between its bounded
 * steps; a request that arrives queues its statement on the database first and goes next.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
