import { createContext, useContext } from 'react';

/** The CSP nonce of this response, provided by entry.server; empty in the browser (nonces are hidden there). */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
