/**
 * The add-to-cart and change-of-quantity workflows (SPEC §4, §5, §6; decision 068): price → check stock → write
 * lines. The catalogue, pricing and inventory are read before the transaction (PGlite has one connection: a read
 * outside a transaction waits for it), then the cart's store writes inside one transaction this workflow opens.
 *
 * The pro split (SPEC §5): for a pro-app or shed-app customer on the pro price list, units come from pro stock
 * (warehouse 03, pro-priced) as far as the warehouse's pro quantity goes; the excess is a standard line. An add
 * counts the pro units of the variant already in the cart; a change of a pro line's quantity is capped at the pro
 * quantity, and the excess is added to the standard line (issue 24 §2).
 */
import type { Database, Tx } from '../db/database.server';
import type { Purchasable } from '../catalogue/index.server';
import type { InventoryLevel } from '../inventory/index.server';
import { cartLinePrice, type PriceList } from '../pricing/index.server';
import type { PriceListKey } from '../viewer/public';
import {
  CART_MESSAGES,
  buysFromProStock,
  PRO_WAREHOUSE,
  proEligible,
  proSplit,
  quantityAfterAdd,
  quantityChange,
  STANDARD_WAREHOUSE,
  stockMap,
  type AddInput,
  type CartActor,
  type CartResult,
  type CartService,
  type CartSuccess,
} from '../cart/index.server';

export type CartFlows = {
  /**
   * SPEC §4 add: into the actor's cart, or a new one (channel 1) when they have none. A cart that no longer exists,
   * or is not this shopper's, is given up (the route clears the cookie) and the add retried once into a new cart.
   */
  add(actor: CartActor, input: AddInput): Promise<CartResult>;
  /** SPEC §5: a line's quantity, 1 to 10; 0 or below removes the line; a pro line is split again. */
  updateLine(actor: CartActor, lineId: string, quantity: number): Promise<CartResult>;
};

export type CartFlowsDependencies = {
  db: Database;
  cart: CartService;
  catalogue: { getPurchasables(variantIds: readonly number[]): Promise<Map<number, Purchasable>> };
  pricing: { priceList(key: PriceListKey): Promise<PriceList> };
  inventory: { getLevels(skus: readonly string[], audience: 'customer'): Promise<InventoryLevel[]> };
  /** Whether a customer id names a customer (the customers context's answer). */
  customerExists(id: number): Promise<boolean>;
};

export function createCartFlows(deps: CartFlowsDependencies): CartFlows {
  const { db, cart } = deps;

  /** Writes `units` of a variant from one warehouse, priced for the line's quantity after the add. */
  async function addUnits(
    tx: Tx,
    cartId: string,
    item: Purchasable,
    list: PriceList,
    warehouse: string,
    units: number,
    inCart: number,
  ) {
    const price = cartLinePrice(list, item, {
      quantity: quantityAfterAdd(inCart, units),
      proStock: warehouse === PRO_WAREHOUSE,
      bulkRules: item.bulkRules,
    });
    await cart.writeLine(
      tx,
      cartId,
      {
        productId: item.productId,
        variantId: item.variantId,
        sku: item.sku,
        name: item.name,
        imageUrl: item.imageUrl,
        options: item.options,
        warehouse,
        quantity: quantityAfterAdd(0, units),
        listPriceCents: item.listCents ?? 0,
        salePriceCents: price.unitCents ?? 0,
      },
      'add',
    );
  }

  async function addOnce(
    actor: CartActor,
    cartId: string | null,
    input: AddInput,
    wanted: Map<number, number>,
    found: Map<number, Purchasable>,
    proStock: ReturnType<typeof stockMap>,
    list: PriceList,
  ): Promise<CartResult> {
    return cart.write([cartId], () =>
      db.transaction(async (tx): Promise<CartSuccess> => {
        const created = cartId === null;
        const id =
          cartId === null ? await cart.create(tx, actor) : (await cart.lock(tx, { ...actor, cartId })).id;
        const existing = await cart.lines(tx, id);
        const pro = buysFromProStock(actor.customer) && list.kind === 'pro';
        for (const [variantId, quantity] of wanted) {
          const item = found.get(variantId)!;
          const inCart = (warehouse: string) =>
            existing.find((line) => line.variantId === variantId && line.warehouse === warehouse)?.quantity ??
            0;
          const split = proSplit({
            requested: quantity,
            proCustomer: pro,
            proEligible: proEligible(item),
            proQuantity: proStock.get(item.sku.toUpperCase())?.proQuantity ?? 0,
            proAlreadyInCart: inCart(PRO_WAREHOUSE),
          });
          for (const [warehouse, units] of [
            [PRO_WAREHOUSE, split.pro],
            [STANDARD_WAREHOUSE, split.standard],
          ] as const) {
            if (units > 0) await addUnits(tx, id, item, list, warehouse, units, inCart(warehouse));
          }
        }
        await cart.addGiftCertificates(tx, id, input.giftCertificates ?? []);
        await cart.touch(tx, id, actor, input.utm);
        return { ok: true, cartId: id, created };
      }),
    );
  }

  return {
    async add(actor, input) {
      const wanted = new Map<number, number>();
      for (const line of input.lineItems) {
        if (!Number.isSafeInteger(line.variantId) || !Number.isSafeInteger(line.quantity)) continue;
        if (line.quantity < 1) continue;
        wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
      }
      if (wanted.size === 0 && (input.giftCertificates?.length ?? 0) === 0) {
        return { ok: false, status: 400, message: CART_MESSAGES.lineItemsEmpty, clearCookie: false };
      }
      if (actor.customer !== null && !(await deps.customerExists(actor.customer.id))) {
        return { ok: false, status: 404, message: CART_MESSAGES.customerIdNotFound, clearCookie: true };
      }
      const found = await deps.catalogue.getPurchasables([...wanted.keys()]);
      for (const line of input.lineItems) {
        const item = found.get(line.variantId);
        if (!wanted.has(line.variantId)) continue;
        if (
          !item ||
          !item.purchasable ||
          item.listCents === null ||
          (line.productId !== undefined && line.productId !== item.productId)
        ) {
          return { ok: false, status: 400, message: CART_MESSAGES.itemUnavailable, clearCookie: false };
        }
      }
      const [list, levels] = await Promise.all([
        deps.pricing.priceList(actor.priceList),
        buysFromProStock(actor.customer)
          ? deps.inventory.getLevels(
              [...found.values()].map((item) => item.sku),
              'customer',
            )
          : Promise.resolve([]),
      ]);
      const proStock = stockMap(levels);
      const first = await addOnce(actor, actor.cartId, input, wanted, found, proStock, list);
      if (first.ok || !first.clearCookie || actor.cartId === null) return first;
      // SPEC §4: a failed add gives up the cart cookie and retries once, into a new cart.
      return addOnce(actor, null, input, wanted, found, proStock, list);
    },

    async updateLine(actor, lineId, quantity) {
      const change = quantityChange(quantity);
      // A pro customer's pro line is split again: its variant, price list and pro stock are read first.
      let resplit: { item: Purchasable; list: PriceList; proQuantity: number } | null = null;
      if (change.kind === 'set' && buysFromProStock(actor.customer)) {
        const peeked = await cart.peekLine(actor.cartId, lineId);
        if (peeked?.warehouse === PRO_WAREHOUSE) {
          const [found, list, levels] = await Promise.all([
            deps.catalogue.getPurchasables([peeked.variantId]),
            deps.pricing.priceList(actor.priceList),
            deps.inventory.getLevels([peeked.sku], 'customer'),
          ]);
          const item = found.get(peeked.variantId);
          if (item && list.kind === 'pro') {
            const proQuantity = stockMap(levels).get(peeked.sku.toUpperCase())?.proQuantity ?? 0;
            resplit = { item, list, proQuantity };
          }
        }
      }
      return cart.write([actor.cartId], () =>
        db.transaction(async (tx): Promise<CartSuccess> => {
          const { id } = await cart.lock(tx, actor);
          const line = await cart.line(tx, id, lineId);
          if (change.kind === 'remove') {
            await cart.setQuantity(tx, line.id, 0);
          } else if (
            resplit &&
            line.warehouse === PRO_WAREHOUSE &&
            line.variantId === resplit.item.variantId
          ) {
            const split = proSplit({
              requested: change.quantity,
              proCustomer: true,
              proEligible: proEligible(resplit.item),
              proQuantity: resplit.proQuantity,
              proAlreadyInCart: 0,
            });
            await cart.setQuantity(tx, line.id, split.pro);
            if (split.standard > 0) {
              const standard = (await cart.lines(tx, id)).find(
                (other) => other.variantId === line.variantId && other.warehouse === STANDARD_WAREHOUSE,
              );
              const { item, list } = resplit;
              await addUnits(tx, id, item, list, STANDARD_WAREHOUSE, split.standard, standard?.quantity ?? 0);
            }
          } else {
            await cart.setQuantity(tx, line.id, change.quantity);
          }
          await cart.touch(tx, id, actor);
          return { ok: true, cartId: id, created: false };
        }),
      );
    },
  };
}
