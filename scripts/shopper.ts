/**
 * A shopper over HTTP, for the crash script and the cart benchmark: its own cookies, and the store's own forms
 * posted as the browser's fetchers post them (Remix single fetch: `/route.data`, the form kit's fields, an Origin
 * header as a browser sends). Each call answers what the store acknowledged.
 */
import crypto from 'node:crypto';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Database } from '../server/db/database.server';
import { inventoryRecords, products, variants } from '../server/db/schema';

export type Product = { productId: number; variantId: number };

/**
 * The purchasable sizes (a visible product, purchasing not disabled) with the most standard stock, at least
 * `minStock` units each, most first: what the benchmark and the server tests have their shoppers buy.
 */
export async function mostStockedSizes(
  db: Database,
  options: { count: number; minStock: number },
): Promise<(Product & { sku: string; path: string })[]> {
  const rows = await db
    .select({ productId: variants.productId, variantId: variants.id, sku: variants.sku, url: products.url })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(inventoryRecords, eq(inventoryRecords.variantSku, variants.sku))
    .where(
      and(
        eq(products.isVisible, true),
        eq(variants.purchasingDisabled, false),
        gte(inventoryRecords.standardQuantity, options.minStock),
      ),
    )
    .orderBy(desc(inventoryRecords.standardQuantity))
    .limit(options.count);
  return rows.map(({ url, ...row }) => ({ ...row, path: `/products/${url}` }));
}

const ORDER = /Your order #(\d+) is placed/;

/** A failed reply in a line: its status and the start of its text without markup. */
export function describeReply(reply: { status: number; text: string }): string {
  const title = /<title>([^<]*)<\/title>/i.exec(reply.text)?.[1];
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(reply.text)?.[1]?.replace(/<[^>]*>/g, '');
  const text = title || heading ? [title, heading].filter(Boolean).join(' / ') : reply.text.slice(0, 200);
  return `${reply.status} ${text}`;
}

export class Shopper {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly origin: string,
    private readonly clientIp = `10.${1 + crypto.randomInt(254)}.${1 + crypto.randomInt(254)}.${1 + crypto.randomInt(254)}`,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return {
      ...(cookie ? { cookie } : {}),
      'x-forwarded-for': this.clientIp,
      ...extra,
    };
  }

  private keep(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(path: string): Promise<{ status: number; text: string }> {
    const response = await fetch(this.origin + path, { headers: this.headers(), redirect: 'manual' });
    this.keep(response);
    return { status: response.status, text: await response.text() };
  }

  async post(
    path: string,
    form: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<{ status: number; text: string }> {
    const response = await fetch(`${this.origin}${path}.data`, {
      signal,
      method: 'POST',
      headers: this.headers({
        'content-type': 'application/x-www-form-urlencoded',
        origin: this.origin,
        'sec-fetch-site': 'same-origin',
      }),
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
    this.keep(response);
    return { status: response.status, text: await response.text() };
  }

  /** Adds one unit; true when the store answered that it did. */
  async add(product: Product): Promise<boolean> {
    return Shopper.added(await this.addReply(product));
  }

  /** Adds one unit and answers the store's reply (`Shopper.added` says whether it was added). */
  addReply(product: Product, signal?: AbortSignal): Promise<{ status: number; text: string }> {
    return this.post(
      '/cart/add',
      {
        productId: String(product.productId),
        variantId: String(product.variantId),
        quantity: '1',
        _key: crypto.randomUUID(),
      },
      signal,
    );
  }

  static added(reply: { status: number; text: string }): boolean {
    return reply.status === 200 && reply.text.includes('Added to your cart.');
  }

  /**
   * Opens the embedded checkout (its key comes from the page) and places the order: the order id the store
   * acknowledged, or null when it refused (out of stock: its message), or throws when the store did not answer.
   */
  async checkout(): Promise<{ orderId: number } | { refused: string }> {
    const page = await this.get('/checkout');
    const key = /name="_key" value="([^"]+)"/.exec(page.text)?.[1];
    if (page.status !== 200 || !key) return { refused: `checkout page ${describeReply(page)}` };
    const reply = await this.post('/checkout', {
      _key: key,
      email: 'crash@example.com',
      firstName: 'Casey',
      lastName: 'Shopper',
      address1: '1 Trail Road',
      address2: '',
      city: 'Bozeman',
      countryCode: 'US',
      stateOrProvince: 'MT',
      postalCode: '59715',
      payment: 'manual',
    });
    const id = ORDER.exec(reply.text)?.[1];
    if (reply.status === 200 && id) return { orderId: Number(id) };
    return { refused: describeReply(reply) };
  }
}
