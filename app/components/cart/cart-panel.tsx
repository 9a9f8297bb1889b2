/**
 * The cart panel's body (SPEC §2/§4; decision 011). Without JavaScript the server renders it open (`?cart=true`)
 * from the root loader's cart; with JavaScript it loads `/cart` through a fetcher when it opens, and that fetcher
 * is revalidated after every cart action. Forms posted from the panel without JavaScript come back to this page
 * with the panel open. A view event is reported after the panel has been open 3 seconds (SPEC §4).
 */
import { useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { pushEvent } from '../analytics';
import { useRootData } from '../layout/root-data';
import { useHydrated } from '../panels/use-hydrated';
import { searchWithPanel } from '../panels/panel-state';
import * as panelStyles from '../panels/panels.css';
import type { loader as cartLoader } from '../../routes/cart';
import { CartContents } from './cart-contents';

export const CART_VIEW_EVENT_DELAY_MS = 3_000;
export const CART_DATA_FETCHER = 'cart-data';

export function CartPanel() {
  const root = useRootData();
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof cartLoader>({ key: CART_DATA_FETCHER });
  const { pathname, search } = useLocation();
  const { load } = fetcher;
  const loaded = useRef(false);

  // Once per opening; the fetcher is revalidated after every cart action from then on.
  useEffect(() => {
    if (!hydrated || loaded.current) return;
    loaded.current = true;
    void load('/cart');
  }, [hydrated, load]);

  const data = fetcher.data ?? root?.cart ?? null;
  const cart = data?.cart ?? null;
  const shown = useRef(cart);
  useEffect(() => {
    shown.current = cart;
  });

  // Once per opening, with what the panel shows by then.
  useEffect(() => {
    const timer = setTimeout(() => {
      const cart = shown.current;
      pushEvent({
        event: 'view_cart',
        ecommerce: {
          currency: 'USD',
          value: (cart?.cartAmountCents ?? 0) / 100,
          items: (cart?.lines ?? []).map((line) => ({
            item_id: line.sku,
            item_name: line.name,
            price: line.unitCents / 100,
            quantity: line.quantity,
          })),
        },
      });
    }, CART_VIEW_EVENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!data) {
    return (
      <p className={panelStyles.muted} role="status">
        Loading your cart…
      </p>
    );
  }
  return (
    <CartContents
      cart={cart}
      notice={data.notice}
      redirectTo={`${pathname}${searchWithPanel(search, 'cart')}`}
    />
  );
}
