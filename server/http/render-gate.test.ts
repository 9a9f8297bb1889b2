import { afterEach, describe, expect, test, vi } from 'vitest';
import { RenderGate } from './render-gate';

/** A piece of work that finishes when told to. */
function deferred() {
  let finish!: () => void;
  const promise = new Promise<void>((resolve) => (finish = resolve));
  return { promise, finish };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RenderGate', () => {
  test('runs up to `concurrency` at once and starts the next waiter when one finishes, in order', async () => {
    const gate = new RenderGate({ concurrency: 2, maxQueue: 10, maxWaitMs: 10_000 });
    const jobs = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const outcomes = jobs.map((job, index) =>
      gate.run(async () => {
        started.push(index);
        await job.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([gate.running, gate.waiting]).toEqual([2, 2]);
    jobs[1]!.finish();
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));
    jobs[0]!.finish();
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2, 3]));
    jobs[2]!.finish();
    jobs[3]!.finish();
    expect(await Promise.all(outcomes)).toEqual([0, 1, 2, 3].map((value) => ({ kind: 'done', value })));
    expect([gate.running, gate.waiting, gate.shed]).toEqual([0, 0, 0]);
  });

  test('sheds at once when the queue is full', async () => {
    const gate = new RenderGate({ concurrency: 1, maxQueue: 1, maxWaitMs: 10_000 });
    const job = deferred();
    const first = gate.run(() => job.promise);
    const second = gate.run(async () => 'second');
    expect(await gate.run(async () => 'third')).toEqual({ kind: 'shed' });
    job.finish();
    expect(await first).toEqual({ kind: 'done', value: undefined });
    expect(await second).toEqual({ kind: 'done', value: 'second' });
    expect(gate.shed).toBe(1);
  });

  test('sheds a waiter after maxWaitMs, without running it', async () => {
    vi.useFakeTimers();
    const gate = new RenderGate({ concurrency: 1, maxQueue: 5, maxWaitMs: 2_000 });
    const job = deferred();
    void gate.run(() => job.promise);
    const work = vi.fn(async () => 'late');
    const waiting = gate.run(work);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(gate.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toEqual({ kind: 'shed' });
    expect(work).not.toHaveBeenCalled();
    expect(gate.waiting).toBe(0);
    job.finish();
  });

  test('drops a waiter whose client has gone, and never starts work for one gone before it asked', async () => {
    const gate = new RenderGate({ concurrency: 1, maxQueue: 5, maxWaitMs: 10_000 });
    const job = deferred();
    const first = gate.run(() => job.promise);
    const controller = new AbortController();
    const work = vi.fn(async () => 'never');
    const waiting = gate.run(work, controller.signal);
    controller.abort();
    expect(await waiting).toEqual({ kind: 'gone' });
    expect(await gate.run(work, controller.signal)).toEqual({ kind: 'gone' });
    job.finish();
    await first;
    expect(work).not.toHaveBeenCalled();
    expect([gate.running, gate.waiting, gate.shed]).toEqual([0, 0, 0]);
  });

  test('a failing render frees its slot', async () => {
    const gate = new RenderGate({ concurrency: 1, maxQueue: 5, maxWaitMs: 10_000 });
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toEqual({ kind: 'done', value: 'next' });
  });
});
