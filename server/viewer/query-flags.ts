/**
 * SPEC §2 query flags (`?cart`, `?login`, `?create-an-account`, `?reset-password`): a flag is on when present with
 * any value but "false" (`?cart`, `?cart=true`, `?cart=1`; not `?cart=false`, which is what the page sets once the
 * panel has opened). One rule for the app's panels and for the server's choice of a shared copy.
 */
export function queryFlagIsOn(params: URLSearchParams, flag: string): boolean {
  const value = params.get(flag);
  return value !== null && value.toLowerCase() !== 'false';
}

/** The flag that opens the cart panel: a page with it on shows the shopper's own cart, never a shared copy. */
export const CART_PANEL_FLAG = 'cart';
