/**
 * Aborted requests are not errors (test/e2e/cart.spec.ts, issue 7). The router aborts a request whose answer is no
 * longer wanted: a fetcher's load or a revalidation that a newer submission supersedes (two cart forms sent in a row),
 * a navigation that another replaces. When the abort lands while the answer's body is being read, Remix's
 * single-fetch decoder logs the `AbortError` with `console.error(error)` before it rethrows
 * (`@remix-run/react` single-fetch.js), and the router then drops the aborted answer, as it should.
 *
 * `quietAbortedRequests` keeps that one kind of report out of the console's errors: a call to `console.error` whose
 * only argument is an `AbortError` goes to `console.debug` instead. Everything else, including an error that
 * merely mentions an abort, an error object among other arguments and every other exception, is logged as an error
 * exactly as before.
 */

/** A `DOMException` (or any error) named `AbortError`: what `fetch` and a stream's reader reject with on abort. */
export function isAbortError(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'AbortError';
}

type ConsoleLike = Pick<Console, 'error' | 'debug'>;

/** Installs the filter on `target` (the browser's console); returns the function that removes it. */
export function quietAbortedRequests(target: ConsoleLike): () => void {
  const error = target.error;
  target.error = function quietError(this: unknown, ...args: unknown[]) {
    if (args.length === 1 && isAbortError(args[0])) {
      target.debug('Request aborted (superseded or no longer needed):', args[0]);
      return;
    }
    error.apply(target, args);
  };
  return () => {
    target.error = error;
  };
}
