// Polling helpers for tests that wait on something asynchronous they cannot await directly: an event
// arriving on a stream, a message crossing Redis, a sweep running. They fail with the label, never hang.

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `condition()` holds; rejects with `label` when it has not held within `timeoutMs`. */
export async function waitFor(
  condition: () => boolean,
  label = 'condition',
  timeoutMs = 5000,
  intervalMs = 20,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${label}: not within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

/** Polls an asynchronous condition (a request's answer, say) until it holds. */
export async function waitUntil(
  condition: () => Promise<boolean>,
  label = 'condition',
  timeoutMs = 5000,
  intervalMs = 20,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${label}: not within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}
