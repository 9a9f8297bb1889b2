/**
 * The back-in-stock notice sweep (decision 098): mails the notices left due (by `returnStock`, which marks them in
 * another context's transaction, or over a transaction's limits), in transactions of its own, on every app server
 * (claims skip what another holds). It looks every `NOTICE_SWEEP_TICK_MS` while this process has marked notices due
 * recently, and otherwise every `NOTICE_SWEEP_IDLE_MS` (another server's leftovers, a crash's), so an idle store
 * sends almost no statements.
 */
import type { Database } from '../db/database.server';
import {
  clearStaleDue,
  noticesDueHint,
  sendDueNotices,
  type NoticeContext,
} from './back-in-stock-notices.server';

export const NOTICE_SWEEP_TICK_MS = 2_000;
/** How long after a hint the sweep keeps looking every tick (the marking transaction may commit late). */
export const NOTICE_SWEEP_HINT_MS = 30_000;
export const NOTICE_SWEEP_IDLE_MS = 5 * 60_000;

export type NoticeSweep = {
  /** One sweep now: stale due marks cleared, then one transaction of notices (within the limits). */
  sweepNotices(): Promise<number>;
  /** Sweeps at start and then as described above; `onError` hears a failed sweep. */
  startNoticeSweep(options?: { onError?: (error: unknown) => void }): void;
  /** Stops the timer and waits for a sweep under way. */
  stopNoticeSweep(): Promise<void>;
};

export function createNoticeSweep({ db, notices }: { db: Database; notices: NoticeContext }): NoticeSweep {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let lastSweep = Number.NEGATIVE_INFINITY;

  const sweepNotices = () =>
    db.transaction(async (tx) => {
      await clearStaleDue(tx);
      return sendDueNotices(tx, notices);
    });

  return {
    sweepNotices,
    startNoticeSweep({ onError } = {}) {
      if (timer) return;
      const run = () => {
        if (running) return;
        lastSweep = Date.now();
        running = sweepNotices()
          .catch((error: unknown) => onError?.(error))
          .finally(() => {
            running = null;
          });
      };
      run();
      timer = setInterval(() => {
        const now = Date.now();
        if (now - noticesDueHint() < NOTICE_SWEEP_HINT_MS || now - lastSweep >= NOTICE_SWEEP_IDLE_MS) run();
      }, NOTICE_SWEEP_TICK_MS);
      timer.unref();
    },
    async stopNoticeSweep() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
