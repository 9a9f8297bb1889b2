/**
 * The latest `viewer_version` of customers whose viewer changed lately (decision 055), kept in memory so that a
 * signed-in request learns whether its session is out of date without a query of its own: `check()` asks the
 * database for the changes since the last look (one indexed query, shared by concurrent callers, at most once per
 * `minIntervalMs`), and a change made by this process is noted at once (`note`). Pure of the database: the caller
 * gives the query.
 */

export type ViewerChange = { customerId: number; version: number; changedAt: Date };

/** Sessions live 7 days (server/viewer signInCookies): older changes concern no live session. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A change is stamped with its transaction's start and becomes visible at its commit: each look goes back this far
 * before the latest change it has seen, so a transaction that committed late is still found.
 */
export const COMMIT_LAG_MS = 60_000;

export class ViewerVersions {
  private readonly versions = new Map<number, { version: number; changedAt: number }>();
  /** The latest `changedAt` seen (the database's clock), or null before the first look. */
  private latestSeen: number | null = null;
  private checking: Promise<void> | undefined;
  private checkedAt = -Infinity;

  constructor(
    /** The changes after `since` (null: within the last SESSION_LIFETIME_MS by the database's clock). */
    private readonly changesSince: (since: Date | null) => Promise<ViewerChange[]>,
    private readonly options: { minIntervalMs?: number; now?: () => number } = {},
  ) {}

  /** The customer's latest version known here (0: none since this process started, or older than a session). */
  latest(customerId: number): number {
    return this.versions.get(customerId)?.version ?? 0;
  }

  /** A change this process has just committed. */
  note(change: ViewerChange): void {
    this.apply([change]);
  }

  check(): Promise<void> {
    const now = (this.options.now ?? performance.now.bind(performance))();
    if (this.checking === undefined && now - this.checkedAt < (this.options.minIntervalMs ?? 0))
      return Promise.resolve();
    this.checking ??= this.changesSince(
      this.latestSeen === null ? null : new Date(this.latestSeen - COMMIT_LAG_MS),
    ).then(
      (changes) => {
        this.apply(changes);
        this.checkedAt = now;
        this.checking = undefined;
      },
      (error: unknown) => {
        this.checking = undefined;
        throw error;
      },
    );
    return this.checking;
  }

  private apply(changes: ViewerChange[]): void {
    for (const change of changes) {
      const changedAt = change.changedAt.getTime();
      const known = this.versions.get(change.customerId);
      if (!known || change.version > known.version)
        this.versions.set(change.customerId, { version: change.version, changedAt });
      if (this.latestSeen === null || changedAt > this.latestSeen) this.latestSeen = changedAt;
    }
    if (this.latestSeen === null) return;
    // What no live session can be older than is forgotten.
    const horizon = this.latestSeen - SESSION_LIFETIME_MS - COMMIT_LAG_MS;
    for (const [customerId, known] of this.versions) {
      if (known.changedAt < horizon) this.versions.delete(customerId);
    }
  }
}
