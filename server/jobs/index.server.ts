/**
 * Scheduled jobs (decision 100): every app server runs the same runner; each job runs periodically, and a run is
 * claimed through the job's lease row in `job_leases` (one guarded upsert), so while one server runs a job no other
 * does. A lease names its holder and expires: a server that crashes mid-run holds the job for at most `leaseMs`.
 * The lease keeps two servers from working at once; what makes a restart in the middle harmless is the job itself,
 * which must be idempotent per item (the gift-card mail claims each card with `sent_at is null`).
 *
 * A platform module like server/cache: it imports no context. Jobs are given to it by the composition root.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import type { Logger } from '../logger';
import { jobLeases } from './schema';

export type Job = {
  /** Unique: the lease row's key. */
  name: string;
  /** How often each server tries to run it (a little jitter is added so servers do not tick together). */
  everyMs: number;
  /** How long a run may hold the job before another server may take it over (a crashed holder). */
  leaseMs: number;
  /** The work; `now` is the runner's clock at the start of the run. Must be idempotent per item. */
  run(now: Date): Promise<void>;
};

export type JobRunner = {
  /** Starts the periodic runs (a first run of each job soon after). Idempotent. */
  start(): void;
  /** Stops scheduling, waits for runs under way, and gives their leases back. Idempotent. */
  stop(): Promise<void>;
  /**
   * Runs a job now if its lease can be claimed; answers whether it ran. When another server holds it, `retry`
   * tries again shortly (a card placed for today is mailed at once, not at the next period).
   */
  runNow(name: string, options?: { retry?: boolean }): Promise<boolean>;
  /** This runner's holder name (for tests and logs). */
  readonly holder: string;
};

/** Retries of `runNow` while another server holds the lease. */
const RETRY_MS = 1_000;
const RETRIES = 5;

export function createJobRunner(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  jobs: readonly Job[];
  /** Defaults to a random name per process. */
  holder?: string;
}): JobRunner {
  const { db, clock, logger } = deps;
  const holder = deps.holder ?? `server-${crypto.randomBytes(6).toString('hex')}`;
  const jobs = new Map(deps.jobs.map((job) => [job.name, job]));
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let started = false;
  let stopped = false;

  /** The guarded upsert: a new row, or the row of an expired lease (or our own), becomes ours. */
  async function claim(job: Job, now: Date): Promise<boolean> {
    const expiresAt = new Date(now.getTime() + job.leaseMs);
    const rows = await db
      .insert(jobLeases)
      .values({ name: job.name, holder, expiresAt })
      .onConflictDoUpdate({
        target: jobLeases.name,
        set: { holder, expiresAt },
        setWhere: sql`${jobLeases.expiresAt} <= ${now.toISOString()}::timestamptz or ${jobLeases.holder} = ${holder}`,
      })
      .returning({ holder: jobLeases.holder });
    return rows.length > 0;
  }

  async function release(job: Job): Promise<void> {
    await db
      .update(jobLeases)
      .set({ expiresAt: clock.now() })
      .where(and(eq(jobLeases.name, job.name), eq(jobLeases.holder, holder)));
  }

  async function runOnce(job: Job): Promise<boolean> {
    if (stopped) return false;
    const now = clock.now();
    if (!(await claim(job, now))) return false;
    try {
      await job.run(now);
    } catch (error) {
      logger.error('scheduled job failed', {
        job: job.name,
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      await release(job).catch(() => undefined);
    }
    return true;
  }

  function track<T>(work: Promise<T>): Promise<T> {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => undefined);
    return work;
  }

  function later(ms: number, work: () => void): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  function schedule(job: Job, delayMs: number): void {
    later(delayMs, () => {
      void track(runOnce(job))
        .catch((error: unknown) =>
          logger.warn('scheduled job not claimed', {
            job: job.name,
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => schedule(job, job.everyMs + Math.floor(Math.random() * job.everyMs * 0.1)));
    });
  }

  return {
    holder,

    start() {
      if (started || stopped) return;
      started = true;
      for (const job of jobs.values()) schedule(job, Math.floor(Math.random() * 1_000));
    },

    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },

    async runNow(name, options = {}) {
      const job = jobs.get(name);
      if (!job) throw new Error(`no scheduled job named ${name}`);
      const ran = await track(runOnce(job));
      if (!ran && options.retry) {
        let left = RETRIES;
        const again = () => {
          left -= 1;
          void track(runOnce(job))
            .then((done) => {
              if (!done && left > 0) later(RETRY_MS, again);
            })
            .catch(() => undefined);
        };
        later(RETRY_MS, again);
      }
      return ran;
    },
  };
}
