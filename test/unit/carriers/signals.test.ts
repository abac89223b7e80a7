/** Waiting under a carrier call's signal settles with the signal's own reason, never Node's AbortError. */
import { sleepFor, untilAborted } from '../../../shared/carriers/signals';

class Deadline extends Error {}

describe('sleepFor', () => {
  it('waits the time asked', async () => {
    const started = performance.now();
    await sleepFor(30, new AbortController().signal);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('rejects with the reason of a signal that aborts while it waits', async () => {
    const controller = new AbortController();
    const reason = new Deadline('the per-carrier timeout');
    setTimeout(() => controller.abort(reason), 10);
    const started = performance.now();
    await expect(sleepFor(5_000, controller.signal)).rejects.toBe(reason);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('rejects at once with the reason of a signal that has aborted', async () => {
    const reason = new Deadline('the rating budget');
    await expect(sleepFor(5_000, AbortSignal.abort(reason))).rejects.toBe(reason);
  });
});

describe('untilAborted', () => {
  it('settles as the promise does while the signal holds', async () => {
    const signal = new AbortController().signal;
    await expect(untilAborted(Promise.resolve('answer'), signal)).resolves.toBe('answer');
    const failure = new Error('carrier said no');
    await expect(untilAborted(Promise.reject(failure), signal)).rejects.toBe(failure);
  });

  it("rejects with the signal's reason when it aborts first, however long the promise takes", async () => {
    const controller = new AbortController();
    const reason = new Deadline('the per-carrier timeout');
    setTimeout(() => controller.abort(reason), 10);
    await expect(untilAborted(new Promise(() => undefined), controller.signal)).rejects.toBe(reason);
  });

  it('rejects at once on a signal that has aborted', async () => {
    const reason = new Deadline('the rating budget');
    await expect(untilAborted(Promise.resolve('late'), AbortSignal.abort(reason))).rejects.toBe(reason);
  });
});
