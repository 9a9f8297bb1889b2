/**
 * The work the HTTP layer has under way (decision 051): every request until its response has closed, and every
 * piece of request work that may outlive its response (a render or an action whose client has gone goes on until
 * its transaction ends). A graceful stop waits for `idle()` after the server stopped accepting and before the
 * database closes, so no request's statement meets a closed pool.
 */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();
  private requests = 0;
  private waiters: (() => void)[] = [];

  /** Requests and tracked work still running. */
  get count(): number {
    return this.requests + this.running.size;
  }

  /** Counts a request as in flight until `done` is called (once; later calls do nothing). */
  begin(): () => void {
    this.requests += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.requests -= 1;
      this.settle();
    };
  }

  /** Counts `work` as in flight until it settles; answers `work` itself. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const forget = () => {
      this.running.delete(work);
      this.settle();
    };
    work.then(forget, forget);
    return work;
  }

  /** Resolves true when nothing is in flight, or false when `timeoutMs` passed first. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== done);
        resolve(false);
      }, timeoutMs);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }

  private settle(): void {
    if (this.count !== 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}
