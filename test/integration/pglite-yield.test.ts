import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.server';

/**
 * PGlite settles each statement's promise synchronously; without the yield `openDatabase` adds, a chain of awaited
 * statements runs to its end before any timer or socket callback (the run's `setImmediate` ticks stay at 0).
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
});
afterAll(async () => {
  await handle.close();
});

it('lets the event loop run between the statements of a chain of awaited PGlite statements', async () => {
  let ticks = 0;
  let done = false;
  const tick = () => {
    ticks += 1;
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  for (let n = 0; n < 50; n++) await handle.db.execute(sql`select ${n}::int as n`);
  done = true;
  // At least one tick per statement: each statement's round trip yields once before it runs.
  expect(ticks).toBeGreaterThanOrEqual(50);
});
