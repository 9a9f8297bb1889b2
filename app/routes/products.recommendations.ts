/**
 * The product page's recommendations for this shopper (issue 12 §6): GET /products/recommendations?product=ID,
 * asked by the page's "You may also like" block after it hydrated (recommendations-block.ts). The shared product
 * page carries the block for everyone of a price list; this answer is the shopper's own (their recently viewed
 * products and their cart, priced through their viewer), so it is `private, no-store` and never makes the page
 * personal (docs/decisions/057-recommendations-and-beacons.md).
 *
 * Personalisation is a functional use (consent group C0003, like the recently viewed cookie it reads): without it,
 * or with nothing to go on beyond this product, the answer is `{ products: null }` and the block stays as served.
 * Up to 10 cards (SPEC §9), the product's audience first and spread over prices (issue 9 §8). A failing search
 * service is swallowed into `null` (SPEC §7); a bad `product` is a 400 with a message.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { cartActor } from '../../server/cart/index.server';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { cardView, type CardView } from '../components/catalogue/card-view';
import { MAX_PRODUCT_ID, readRecentlyViewed } from '../components/catalogue/recently-viewed-cookie';
import { consentFromCookies } from '../components/consent/consent';

/** SPEC §9: 10 recommendations for a product, up to 10 with last viewed products and the cart (SPEC §7). */
export const PERSONAL_RECOMMENDATIONS = 10;

/** Cart products considered at most (as many as the JSON endpoint's `cart` takes). */
const MAX_SEEDS = 20;
const noStore = { 'Cache-Control': CACHE_PRIVATE };

export type PersonalRecommendations = { products: CardView[] | null };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get('product') ?? '';
  const productId = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(productId >= 1 && productId <= MAX_PRODUCT_ID))
    return json({ error: 'product must be a product id' }, { status: 400, headers: noStore });
  const none = () => json<PersonalRecommendations>({ products: null }, { headers: noStore });

  const cookie = request.headers.get('Cookie');
  if (!consentFromCookies(cookie).C0003) return none();
  const lastViewed = readRecentlyViewed(cookie).ids.filter((id) => id !== productId);
  const { cart: carts, catalogue, search } = context.services;
  const cart = context.viewer.cartId
    ? await context.timing.measure('db', () => carts.getCart(cartActor(context.viewer)))
    : null;
  const inCart =
    cart && !('ok' in cart)
      ? [...new Set(cart.lines.map((line) => line.productId))]
          .filter((id) => id !== productId)
          .slice(0, MAX_SEEDS)
      : [];
  if (lastViewed.length === 0 && inCart.length === 0) return none();

  const { priceList } = context.viewer;
  try {
    const recommended = await context.timing.measure('db', () =>
      search.recommend(
        { product: productId, lastViewed, cart: inCart, limit: PERSONAL_RECOMMENDATIONS },
        priceList,
      ),
    );
    if (recommended.length === 0) return none();
    // The cards the shared block shows, in the order recommended.
    const cards = await context.timing.measure('db', () =>
      catalogue.getProductCards(
        recommended.map((item) => item.id),
        priceList,
      ),
    );
    return json<PersonalRecommendations>({ products: cards.map(cardView) }, { headers: noStore });
  } catch (error) {
    context.logger.warn('Failed to fetch recommendations', {
      error: error instanceof Error ? error.message : String(error),
      productId,
    });
    return none();
  }
}
