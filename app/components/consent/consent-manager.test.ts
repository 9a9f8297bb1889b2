import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CONSENT_RECHECK_MS, startWhenRefused, type ConsentWatchEnvironment } from './consent-manager';

const ALLOWED = 'consent=C0001%3A1%2CC0002%3A1%2CC0003%3A0%2CC0004%3A0';
const REFUSED = 'consent=C0001%3A1%2CC0002%3A0%2CC0003%3A1%2CC0004%3A0';

function environment(initial: string) {
  let cookie = initial;
  const env: ConsentWatchEnvironment = {
    cookie: () => cookie,
    setInterval: (handler, ms) => setInterval(handler, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
  };
  return { env, set: (next: string) => (cookie = next) };
}

describe('startWhenRefused: the tracking-cookie sweep starts only for a shopper without C0002', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test.each<[string, string, boolean]>([
    ['no consent given (a new shopper)', '', true],
    ['C0002 refused', REFUSED, true],
    ['a malformed consent cookie (strictly necessary only)', 'consent=garbage', true],
    ['C0002 allowed', ALLOWED, false],
  ])('%s: starts at once → %s', (_name, cookie, startsAtOnce) => {
    const start = vi.fn();
    const stop = startWhenRefused(environment(cookie).env, start);
    expect(start).toHaveBeenCalledTimes(startsAtOnce ? 1 : 0);
    vi.advanceTimersByTime(10 * CONSENT_RECHECK_MS);
    expect(start).toHaveBeenCalledTimes(startsAtOnce ? 1 : 0);
    stop();
  });

  test('a withdrawal is noticed at the next re-read, within a second, and starts the sweep once', () => {
    const { env, set } = environment(ALLOWED);
    const start = vi.fn();
    const stop = startWhenRefused(env, start);
    vi.advanceTimersByTime(5 * CONSENT_RECHECK_MS);
    expect(start).not.toHaveBeenCalled();
    set(REFUSED);
    vi.advanceTimersByTime(CONSENT_RECHECK_MS);
    expect(start).toHaveBeenCalledTimes(1);
    // Allowed again and refused again: the sweep, started, reads the consent on every tick itself.
    set(ALLOWED);
    vi.advanceTimersByTime(2 * CONSENT_RECHECK_MS);
    set(REFUSED);
    vi.advanceTimersByTime(5 * CONSENT_RECHECK_MS);
    expect(start).toHaveBeenCalledTimes(1);
    expect(CONSENT_RECHECK_MS).toBeLessThan(3000);
    stop();
  });

  test('stopping the watch (the page unmounts) means a later withdrawal starts nothing', () => {
    const { env, set } = environment(ALLOWED);
    const start = vi.fn();
    startWhenRefused(env, start)();
    set(REFUSED);
    vi.advanceTimersByTime(5 * CONSENT_RECHECK_MS);
    expect(start).not.toHaveBeenCalled();
  });
});
