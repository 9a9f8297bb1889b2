import { createContext, useContext } from 'react';

/**
 * The request id of a server-rendered response, for the error page's support reference. It is provided by
 * entry.server and deliberately kept out of loader data: loader data is shared by every visitor of a cached page,
 * so a per-request value there would make each copy unique (docs/decisions/010-caching-and-csp.md). Empty in the
 * browser, where the error page keeps the server's text.
 */
const RequestIdContext = createContext('');

export const RequestIdProvider = RequestIdContext.Provider;

export function useRequestId(): string {
  return useContext(RequestIdContext);
}
