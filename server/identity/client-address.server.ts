/**
 * The shopper's address for the embedded provider's rate limits (decision 080). The store calls its provider in
 * process, inside the request of the shopper it acts for: the HTTP app runs each request's handlers within
 * `withClientAddress(the request's client address)`, and the in-process transport hands that address to the
 * provider as the socket address of its own request, so the provider counts shoppers, not the app server.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

/** Runs `work` (and everything it starts) on behalf of the client at `address`. */
export function withClientAddress<T>(address: string, work: () => T): T {
  return current.run(address, work);
}

/** The address of the client the running request serves; undefined outside a request (a script, a job). */
export function currentClientAddress(): string | undefined {
  return current.getStore();
}
