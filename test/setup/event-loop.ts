import { expect } from 'vitest';

/**
 * A worker whose event loop is held for more than 60 s by synchronous work (a long PGlite statement runs in the
 * test's own process) cannot read vitest's replies in time, and the run fails with "[vitest-worker]: Timeout
 * calling onTaskUpdate" although every test passed. This watch names the test that holds the loop: every gap over
 * 10 s between two ticks of a 1 s timer is written to stdout with the test that was running.
 */
const TICK_MS = 1_000;
const REPORT_OVER_MS = 10_000;
let last = performance.now();
const timer = setInterval(() => {
  const now = performance.now();
  const gap = now - last - TICK_MS;
  last = now;
  if (gap > REPORT_OVER_MS) {
    const { testPath, currentTestName } = expect.getState();
    process.stdout.write(
      `[event loop] held for ${(gap / 1000).toFixed(1)} s in ${testPath ?? 'a test file'} > ${currentTestName ?? '(between tests)'}\n`,
    );
  }
}, TICK_MS);
timer.unref();
