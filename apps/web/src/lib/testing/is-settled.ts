/**
 * Whether `promise` has settled once the promise callbacks already queued have run: a check that a
 * start-up step is still waiting (for a worker, a timer, a new task) without waiting for it.
 */
export async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await Promise.resolve();
  await Promise.resolve();
  return settled;
}
