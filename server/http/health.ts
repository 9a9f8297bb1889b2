/**
 * `/healthz` (decision 081): what a load balancer's or CDN's health probe asks before it sends this server traffic.
 *
 * - 200 `ok` when the database answers a `select 1` within HEALTH_DB_TIMEOUT_MS;
 * - 503 `draining` from the first moment of a graceful stop (server/main.ts): the server still serves every
 *   request for SHUTDOWN_DRAIN_MS, long enough for the probe to take it out of rotation, and only then stops
 *   accepting;
 * - 503 `database unavailable` when the database does not answer (or not in time).
 *
 * Mounted ahead of everything else: no cookies read, no request log line (a probe a second per CDN node would drown
 * the log), `Cache-Control: no-store`. Concurrent probes share one database round trip.
 */
import type { NextFunction, Request, Response } from 'express';
import { CACHE_NONE } from '../web/cache.server';

export const HEALTH_PATH = '/healthz';
const HEALTH_DB_TIMEOUT_MS = 1_000;

export type HealthLogger = {
  warn(message: string, fields?: Record<string, unknown>): void;
  info(message: string): void;
};

export class Health {
  private drainingSince: number | null = null;
  private pending: Promise<boolean> | null = null;
  private lastDatabaseOk = true;

  constructor(
    /** Resolves when the database answers; rejects (or hangs) when it does not. */
    private readonly ping: () => Promise<unknown>,
    private readonly logger?: HealthLogger,
    private readonly timeoutMs = HEALTH_DB_TIMEOUT_MS,
  ) {}

  /** From now on `/healthz` answers 503: the graceful stop has begun. */
  startDraining(now = Date.now()): void {
    this.drainingSince ??= now;
  }

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** Whether the database answered in time (one round trip shared by concurrent callers). */
  databaseAnswers(): Promise<boolean> {
    this.pending ??= this.pingOnce().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async pingOnce(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.timeoutMs);
      timer.unref();
    });
    const ok = await Promise.race([
      this.ping().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
    clearTimeout(timer);
    if (ok !== this.lastDatabaseOk) {
      if (ok) this.logger?.info('health: the database answers again');
      else this.logger?.warn('health: the database does not answer', { timeoutMs: this.timeoutMs });
      this.lastDatabaseOk = ok;
    }
    return ok;
  }

  /** The Express middleware answering GET and HEAD `/healthz`. */
  route() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.path !== HEALTH_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
      const answer = (status: number, text: string) =>
        res.status(status).set('Cache-Control', CACHE_NONE).type('text/plain').send(text);
      if (this.draining) return void answer(503, 'draining');
      void this.databaseAnswers().then((ok) =>
        // A stop that began while the database was asked wins: the probe must see the drain at once.
        this.draining
          ? answer(503, 'draining')
          : ok
            ? answer(200, 'ok')
            : answer(503, 'database unavailable'),
      );
    };
  }
}
