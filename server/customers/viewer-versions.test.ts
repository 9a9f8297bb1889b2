import { describe, expect, test, vi } from 'vitest';
import { COMMIT_LAG_MS, SESSION_LIFETIME_MS, ViewerVersions, type ViewerChange } from './viewer-versions';

const at = (iso: string) => new Date(iso);

describe('ViewerVersions', () => {
  test('knows nothing before a look; a look learns the latest version of each changed customer', async () => {
    const changesSince = vi.fn(async (): Promise<ViewerChange[]> => [
      { customerId: 7, version: 1, changedAt: at('2026-11-24T10:00:00Z') },
      { customerId: 7, version: 2, changedAt: at('2026-11-24T10:00:05Z') },
      { customerId: 9, version: 1, changedAt: at('2026-11-24T10:00:01Z') },
    ]);
    const versions = new ViewerVersions(changesSince);
    expect(versions.latest(7)).toBe(0);
    await versions.check();
    expect(changesSince).toHaveBeenCalledWith(null);
    expect([versions.latest(7), versions.latest(9), versions.latest(8)]).toEqual([2, 1, 0]);
  });

  test('the next look starts a commit lag before the latest change seen, and never lowers a version', async () => {
    const changesSince = vi
      .fn<(since: Date | null) => Promise<ViewerChange[]>>()
      .mockResolvedValueOnce([{ customerId: 7, version: 3, changedAt: at('2026-11-24T10:00:00Z') }])
      .mockResolvedValueOnce([{ customerId: 7, version: 2, changedAt: at('2026-11-24T09:59:59Z') }]);
    const versions = new ViewerVersions(changesSince);
    await versions.check();
    await versions.check();
    expect(changesSince).toHaveBeenLastCalledWith(
      new Date(at('2026-11-24T10:00:00Z').getTime() - COMMIT_LAG_MS),
    );
    expect(versions.latest(7)).toBe(3);
  });

  test('asks at most once per interval; concurrent callers share a look', async () => {
    let clock = 0;
    const changesSince = vi.fn(async (): Promise<ViewerChange[]> => []);
    const versions = new ViewerVersions(changesSince, { minIntervalMs: 200, now: () => clock });
    await Promise.all([versions.check(), versions.check(), versions.check()]);
    expect(changesSince).toHaveBeenCalledTimes(1);
    clock = 199;
    await versions.check();
    expect(changesSince).toHaveBeenCalledTimes(1);
    clock = 200;
    await versions.check();
    expect(changesSince).toHaveBeenCalledTimes(2);
  });

  test('a change this process made counts at once, before any look', () => {
    const versions = new ViewerVersions(async () => []);
    versions.note({ customerId: 5, version: 1, changedAt: at('2026-11-24T10:00:00Z') });
    expect(versions.latest(5)).toBe(1);
  });

  test('a failed look is not kept: the next call asks again', async () => {
    const changesSince = vi
      .fn<(since: Date | null) => Promise<ViewerChange[]>>()
      .mockRejectedValueOnce(new Error('connection lost'))
      .mockResolvedValueOnce([{ customerId: 4, version: 1, changedAt: at('2026-11-24T10:00:00Z') }]);
    const versions = new ViewerVersions(changesSince, { minIntervalMs: 60_000, now: () => 0 });
    await expect(versions.check()).rejects.toThrow('connection lost');
    await versions.check();
    expect(versions.latest(4)).toBe(1);
  });

  test('forgets changes older than any live session', async () => {
    const old = at('2026-11-01T00:00:00Z');
    const recent = new Date(old.getTime() + SESSION_LIFETIME_MS + COMMIT_LAG_MS + 1);
    const versions = new ViewerVersions(async () => [
      { customerId: 1, version: 1, changedAt: old },
      { customerId: 2, version: 1, changedAt: recent },
    ]);
    await versions.check();
    expect([versions.latest(1), versions.latest(2)]).toEqual([0, 1]);
  });
});
