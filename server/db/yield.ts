/**
 * Lets the event loop run between the statements of a long batch job. PGlite runs each statement synchronously in
 * this process and resolves its promise at once, so a chain of awaited statements never reaches the timers or
 * the sockets: an import of thousands of products held the loop for most of a minute (requests, health checks and
 * the test runner's own messages waited). One `setImmediate` per batch costs microseconds; on PostgreSQL the wait
 * for the server yields anyway.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
