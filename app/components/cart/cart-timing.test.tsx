// @vitest-environment happy-dom
/**
 * The cart's timed and analytics behaviours below e2e (Testing Library over `createRemixStub`, fake timers):
 * - a quantity change reports add_to_cart / remove_from_cart 300 ms after the last click, and posts the update
 *   after 600 ms (SPEC §9), one event and one update for a burst of clicks;
 * - the cart panel reports view_cart once it has been open 3 seconds (SPEC §4), with what it shows;
 * - the checkout button: disabled without a cart, "Loading..." while the checkout call is in flight, then the
 *   outbound_click event and the browser sent to the checkout URL (SPEC §4/§7).
 * Only setTimeout/clearTimeout are faked, after the first render where the timers under test start later, so
 * the router's own promises run as usual.
 */
import { createRemixStub } from '@remix-run/testing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLineView, CartView } from '../../../server/cart/public';
import { CheckoutButton } from '../checkout/checkout-button';
import { CartContents } from './cart-contents';
import { CART_VIEW_EVENT_DELAY_MS, CartPanel } from './cart-panel';
import { ANALYTICS_DEBOUNCE_MS, CartLine, UPDATE_DEBOUNCE_MS } from './cart-line';

type Sent = Record<string, string>;

const LINE: CartLineView = {
  id: '6f1c3a52-8d2e-4b7a-9c11-2f4e5d6a7b80',
  productId: 10,
  variantId: 500,
  sku: '10-SUB-M',
  name: 'Alpha Jacket',
  imageUrl: null,
  path: '/products/alpha-jacket/Optifade-Subalpine',
  options: [
    { name: 'Color', value: 'Optifade Subalpine' },
    { name: 'Size', value: 'M' },
  ],
  quantity: 2,
  warehouse: '02',
  proDiscountApplied: false,
  unitCents: 20_000,
  compareAtCents: null,
  extendedCents: 40_000,
  problem: null,
};

const CART: CartView = {
  id: '0b7d2c4e-1a3f-4e5d-8c9b-7a6f5e4d3c2b',
  customerId: null,
  channelId: 1,
  currencyCode: 'USD',
  createdTime: '2026-11-24T12:00:00.000Z',
  lines: [LINE],
  giftCertificates: [],
  totalItems: 2,
  baseAmountCents: 40_000,
  cartAmountCents: 40_000,
  discountAmountTotalCents: 0,
  discountAmountCents: 0,
  shippingCents: 0,
  taxIncluded: false,
  promoOrderUser: false,
  isPromoOrder: false,
  checkoutBlocked: false,
};

const LABEL = 'Alpha Jacket, Optifade Subalpine, M';
const FUTURE = { v3_fetcherPersist: true, v3_relativeSplatPath: true } as const;

async function formBody(request: Request): Promise<Sent> {
  return Object.fromEntries(
    [...(await request.formData()).entries()].map(([name, value]) => [name, String(value)]),
  );
}

/** A page at `/` holding `page`, with `/cart` answering the cart and recording what is posted to it. */
function renderPage(
  page: () => JSX.Element,
  options: { cartAction?: (sent: Sent) => Promise<Response> } = {},
) {
  const sent: Sent[] = [];
  const Stub = createRemixStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ flash: null, cart: { cart: CART, notice: null } }),
      Component: page,
      children: [],
    },
    {
      path: '/cart',
      loader: () => ({ cart: CART, notice: null }),
      action: async ({ request }) => {
        const body = await formBody(request);
        sent.push(body);
        return (
          options.cartAction?.(body) ??
          Response.json({ result: { initialValue: null }, message: 'The cart is updated.' })
        );
      },
    },
  ]);
  render(<Stub initialEntries={['/']} future={FUTURE} />);
  return { sent };
}

const events = () => (window.dataLayer ?? []).map((entry) => ({ ...entry }));
const named = (name: string) => events().filter((entry) => entry.event === name);

/** Moves the faked clock, letting React and the router settle between timers. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

describe('a quantity change (cart line)', () => {
  it('reports one add_to_cart 300 ms after the last of two clicks and sends one update after 600 ms', async () => {
    const { sent } = renderPage(() => <CartLine line={LINE} redirectTo="/cart" />);
    const increase = await screen.findByRole('button', { name: `Increase quantity of ${LABEL}` });
    // Hydrated: the click is handled in the page, not posted.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Update' })).toBeNull());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    fireEvent.click(increase);
    await advance(200);
    fireEvent.click(increase);
    expect((screen.getByLabelText(`Quantity of ${LABEL}`) as HTMLInputElement).value).toBe('4');
    await advance(ANALYTICS_DEBOUNCE_MS - 1);
    expect(named('add_to_cart')).toEqual([]);
    await advance(1);
    expect(named('add_to_cart')).toEqual([
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'USD',
          items: [{ item_id: '10-SUB-M', item_name: 'Alpha Jacket', price: 200, quantity: 2 }],
        },
      },
    ]);
    expect(sent).toEqual([]);
    await advance(UPDATE_DEBOUNCE_MS - ANALYTICS_DEBOUNCE_MS - 1);
    expect(sent).toEqual([]);
    await advance(1);
    vi.useRealTimers();
    await waitFor(() => expect(sent).toEqual([{ intent: 'update', lineId: LINE.id, quantity: '4' }]));
    expect(named('add_to_cart')).toHaveLength(1);
  });

  it('reports remove_from_cart for a decrease, and nothing when a burst ends where it started', async () => {
    const { sent } = renderPage(() => <CartLine line={LINE} redirectTo="/cart" />);
    const increase = await screen.findByRole('button', { name: `Increase quantity of ${LABEL}` });
    const decrease = screen.getByRole('button', { name: `Decrease quantity of ${LABEL}` });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Update' })).toBeNull());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    fireEvent.click(increase);
    fireEvent.click(decrease);
    await advance(UPDATE_DEBOUNCE_MS + 100);
    expect(events()).toEqual([]);
    expect(sent).toEqual([]);

    fireEvent.click(decrease);
    await advance(ANALYTICS_DEBOUNCE_MS);
    expect(named('remove_from_cart')).toEqual([
      {
        event: 'remove_from_cart',
        ecommerce: {
          currency: 'USD',
          items: [{ item_id: '10-SUB-M', item_name: 'Alpha Jacket', price: 200, quantity: 1 }],
        },
      },
    ]);
  });
});

describe('the cart panel', () => {
  it('reports view_cart with its lines once it has been open 3 seconds, and only once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderPage(() => <CartPanel />);
    // The panel mounts once the root loader has answered; its 3 seconds start then.
    await advance(0);
    expect(screen.getByRole('link', { name: 'Alpha Jacket' })).toBeTruthy();
    await advance(CART_VIEW_EVENT_DELAY_MS - 1);
    expect(named('view_cart')).toEqual([]);
    await advance(1);
    expect(named('view_cart')).toEqual([
      {
        event: 'view_cart',
        ecommerce: {
          currency: 'USD',
          value: 400,
          items: [{ item_id: '10-SUB-M', item_name: 'Alpha Jacket', price: 200, quantity: 2 }],
        },
      },
    ]);
    await advance(CART_VIEW_EVENT_DELAY_MS * 2);
    expect(named('view_cart')).toHaveLength(1);
  });

  it('reports nothing when closed before 3 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderPage(() => <CartPanel />);
    await advance(0);
    expect(screen.getByRole('link', { name: 'Alpha Jacket' })).toBeTruthy();
    await advance(CART_VIEW_EVENT_DELAY_MS - 1);
    cleanup();
    await advance(CART_VIEW_EVENT_DELAY_MS);
    expect(named('view_cart')).toEqual([]);
  });
});

describe('the checkout button', () => {
  it('is disabled without a cart', async () => {
    renderPage(() => <CheckoutButton cartId={null} blocked />);
    const button = await screen.findByRole('button', { name: 'Checkout' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('is disabled while the cart is blocked (a line over its stock)', async () => {
    renderPage(() => <CheckoutButton cartId={CART.id} blocked />);
    const button = await screen.findByRole('button', { name: 'Checkout' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('is disabled in the cart when a line is over its stock, which shows the inventory message', async () => {
    const problem = 'Only 1 available. Lower the quantity to check out.';
    const blocked: CartView = { ...CART, lines: [{ ...LINE, problem }], checkoutBlocked: true };
    renderPage(() => <CartContents cart={blocked} redirectTo="/cart" />);
    const button = await screen.findByRole('button', { name: 'Checkout' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(problem)).toBeTruthy();
  });

  it('shows "Loading..." while the checkout call is in flight, then logs outbound_click and goes to the URL', async () => {
    const assign = vi.fn<(url: string) => void>();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    let answer: (response: Response) => void = () => undefined;
    const checkoutCall = new Promise<Response>((resolve) => (answer = resolve));
    const posted: Sent[] = [];
    const Stub = createRemixStub([
      {
        id: 'root',
        path: '/',
        loader: () => ({ flash: null }),
        Component: () => <CheckoutButton cartId={CART.id} blocked={false} />,
      },
      {
        path: '/cart/checkout',
        action: async ({ request }) => {
          posted.push(await formBody(request));
          return checkoutCall;
        },
      },
    ]);
    render(<Stub initialEntries={['/']} future={FUTURE} />);
    const button = await screen.findByRole('button', { name: 'Checkout' });
    fireEvent.click(button);
    const loading = await screen.findByRole('button', { name: 'Loading...' });
    expect((loading as HTMLButtonElement).disabled).toBe(true);
    expect(named('outbound_click')).toEqual([]);
    expect(assign).not.toHaveBeenCalled();

    answer(Response.json({ result: { initialValue: null }, message: '/checkout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout'));
    expect(named('outbound_click')).toEqual([{ event: 'outbound_click', link_url: '/checkout' }]);
    expect(posted).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it('logs no outbound_click and stays on the page when the checkout call is refused', async () => {
    const assign = vi.fn<(url: string) => void>();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const Stub = createRemixStub([
      {
        id: 'root',
        path: '/',
        loader: () => ({ flash: null }),
        Component: () => <CheckoutButton cartId={CART.id} blocked={false} />,
      },
      {
        path: '/cart/checkout',
        action: () =>
          Response.json({ result: { status: 'error', error: { '': ['Error'] } } }, { status: 400 }),
      },
    ]);
    render(<Stub initialEntries={['/']} future={FUTURE} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    await screen.findByText('Error');
    expect(named('outbound_click')).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
