/**
 * The render gate (issue 7 §4): at most `concurrency` renders at once, a bounded queue behind them, and an answer
 * for everyone else. A request that would wait longer than `maxWaitMs`, or that finds the queue full, is shed (the
 * HTTP layer answers 503 with Retry-After at once, instead of rendering it late and aborting it with a 500); a
 * request whose client has gone while it waited is dropped without a render.
 */
export type GateOutcome<T> = { kind: 'done'; value: T } | { kind: 'shed' } | { kind: 'gone' };

export type RenderGateOptions = { concurrency: number; maxQueue: number; maxWaitMs: number };

type Waiter = { start: () => void; cancel: (kind: 'shed' | 'gone') => void };

export class RenderGate {
  private active = 0;
  private readonly queue: Waiter[] = [];
  /** Requests shed since the start (reported by the benchmark and the logs). */
  shed = 0;

  constructor(readonly options: RenderGateOptions) {}

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<GateOutcome<T>> {
    if (signal?.aborted) return { kind: 'gone' };
    if (this.active >= this.options.concurrency) {
      if (this.queue.length >= this.options.maxQueue) {
        this.shed += 1;
        return { kind: 'shed' };
      }
      const admitted = await this.wait(signal);
      if (admitted !== 'start') {
        if (admitted === 'shed') this.shed += 1;
        return { kind: admitted };
      }
    } else {
      this.active += 1;
    }
    try {
      return { kind: 'done', value: await work() };
    } finally {
      this.release();
    }
  }

  /** Resolves 'start' with a slot taken for the caller, or why it got none. */
  private wait(signal: AbortSignal | undefined): Promise<'start' | 'shed' | 'gone'> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        start: () => {
          cleanup();
          resolve('start');
        },
        cancel: (kind) => {
          cleanup();
          const index = this.queue.indexOf(waiter);
          if (index >= 0) this.queue.splice(index, 1);
          resolve(kind);
        },
      };
      const timer = setTimeout(() => waiter.cancel('shed'), this.options.maxWaitMs);
      const onAbort = () => waiter.cancel('gone');
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private release(): void {
    const next = this.queue.shift();
    if (next)
      next.start(); // the slot passes straight to the next waiter
    else this.active -= 1;
  }
}
