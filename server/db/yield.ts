/**
 * Lets the event loop run (timers, sockets) before going on. PGlite runs each statement synchronously in this
 * process and settles its promise at once, so a chain of awaited statements never reaches the timers or the
 * sockets: a listing rebuild or an import held the loop for most of a minute on a loaded machine (requests, health
 * checks and the test runner's own messages waited). `openDatabase` yields before each PGlite round trip, and long
 * batch jobs between batches; one `setImmediate` costs microseconds, and on PostgreSQL the wait for the server
 * yields anyway.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
