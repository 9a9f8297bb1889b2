/**
 * Writes validated import records into the catalogue's tables, inside the caller's transaction (decision 095):
 * - products are matched by SKU, variants by variant SKU; a match keeps its id (carts and orders name variants by
 *   id) and, for a product, its URL, creation date and merchandising rank; anything else is new, with new ids;
 * - a product in the file is the whole truth about itself: its options, values and variants not in the file go,
 *   its custom fields, images, modifiers and bulk pricing rules are replaced; products not in the file are untouched;
 * - a new product's URL follows the seed's rule (its name's slug, or `custom_url`'s; the slug and SKU when the
 *   slug is taken);
 * - category memberships are the listed categories with their ancestors (a branch lists its children's products,
 *   as the seed assigns them) and the `/all/` listings of those.
 * First the checks that need the database (categories that exist, a variant SKU or URL that another product holds);
 * with any refusal nothing is written. Every statement writes many rows (one JSON parameter per batch, as the seed
 * does); the change-feed triggers of migration 0002 note every product written, so the listing index, the search
 * documents and the data caches of every running server follow.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database.server';
import { rowsOf } from '../../db/rows';
import { yieldToEventLoop } from '../../db/yield';
import { pricingFields } from '../../pricing/index.server';
import { slugify } from '../../db/seed/categories';
import {
  bulkPricingRules,
  categories,
  productCategories,
  productCustomFields,
  productImages,
  productModifiers,
  productOptions,
  productOptionValues,
  products,
  variants,
} from '../schema';
import type { ResolvedImage } from './images.server';
import type { ImportImage, ImportProduct, ImportRefusal } from './records';

/** Serialises imports (two at once would hand out the same new ids). */
const IMPORT_LOCK_KEY = 7_025_003;
const BATCH_ROWS = 2000;

export type StockLevel = { variantSku: string; standardQuantity: number; proQuantity: number };

export type WriteSummary = {
  products: { created: number; updated: number };
  variants: { created: number; updated: number; removed: number };
};

export type WriteOutcome =
  { ok: true; summary: WriteSummary; stock: StockLevel[] } | { ok: false; refusals: ImportRefusal[] };

const jsonList = (values: readonly unknown[]) =>
  sql`(select json_array_elements_text(${JSON.stringify(values)}::json))`;
const jsonIds = (ids: readonly number[]) =>
  sql`(select (json_array_elements_text(${JSON.stringify(ids)}::json))::int)`;

async function select<T>(tx: Tx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await tx.execute(query));
}

/**
 * `insert … select … from json_populate_recordset`, batched; with `conflict`, an upsert on that column that
 * updates `update` (and writes nothing, so fires no trigger, when they are unchanged).
 */
async function insertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
  upsert?: { conflict: PgColumn; update: PgColumn[] },
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  let onConflict = sql``;
  if (upsert) {
    const target = sql.identifier(getTableName(table));
    const set = sql.join(
      upsert.update.map(
        (column) => sql`${sql.identifier(column.name)} = excluded.${sql.identifier(column.name)}`,
      ),
      sql`, `,
    );
    const mine = sql.join(
      upsert.update.map((column) => sql`${target}.${sql.identifier(column.name)}`),
      sql`, `,
    );
    const theirs = sql.join(
      upsert.update.map((column) => sql`excluded.${sql.identifier(column.name)}`),
      sql`, `,
    );
    onConflict = sql` on conflict (${sql.identifier(upsert.conflict.name)}) do update set ${set} where (${mine}) is distinct from (${theirs})`;
  }
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const records = rows
      .slice(start, start + BATCH_ROWS)
      .map((row) =>
        Object.fromEntries(
          columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key]]),
        ),
      );
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)${onConflict}`,
    );
    await yieldToEventLoop();
  }
}

/** Deletes the rows of `table` whose `productId` is one of `ids`, a batch of ids per statement. */
async function deleteForProducts(tx: Tx, table: PgTable, column: PgColumn, ids: readonly number[]) {
  if (ids.length === 0) return;
  for (let start = 0; start < ids.length; start += BATCH_ROWS * 5) {
    await tx.execute(
      sql`delete from ${table} where ${column} in ${jsonIds(ids.slice(start, start + BATCH_ROWS * 5))}`,
    );
    await yieldToEventLoop();
  }
}

type CategoryRow = { id: number; parent_id: number | null; url: string; is_all_listing: boolean };

export async function writeCatalogueImport(
  tx: Tx,
  items: readonly ImportProduct[],
  options: { images: ReadonlyMap<ImportImage, ResolvedImage>; now: Date },
): Promise<WriteOutcome> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
  const refusals: ImportRefusal[] = [];
  const refuse = (item: ImportProduct, field: string, message: string) => {
    const variantIndex = /^variants\[(\d+)\]/.exec(field)?.[1];
    const record =
      variantIndex !== undefined
        ? (item.source.variantLabels?.[Number(variantIndex)] ?? item.source.label)
        : item.source.label;
    refusals.push({ record, sku: item.sku, field, message });
  };

  /* ─── categories: ids and paths that exist, with their ancestors and /all/ listings ─── */
  const categoryRows = (
    await select<CategoryRow>(tx, sql`select id, parent_id, url, is_all_listing from ${categories}`)
  ).map((row) => ({
    ...row,
    id: Number(row.id),
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
  }));
  const categoryById = new Map(categoryRows.map((row) => [row.id, row]));
  const categoryByUrl = new Map(categoryRows.map((row) => [row.url, row]));
  const allListingOf = new Map<number, number[]>();
  for (const row of categoryRows) {
    if (row.is_all_listing && row.parent_id !== null) {
      allListingOf.set(row.parent_id, [...(allListingOf.get(row.parent_id) ?? []), row.id]);
    }
  }
  const membershipsOf = new Map<ImportProduct, number[]>();
  for (const item of items) {
    const ids = new Set<number>();
    item.categories.forEach((ref, index) => {
      const found = typeof ref === 'number' ? categoryById.get(ref) : categoryByUrl.get(ref);
      if (!found) {
        refuse(
          item,
          `categories[${index}]`,
          `category ${typeof ref === 'number' ? ref : `"${ref}"`} does not exist`,
        );
        return;
      }
      for (
        let at: CategoryRow | undefined = found;
        at;
        at = at.parent_id === null ? undefined : categoryById.get(at.parent_id)
      ) {
        if (at.is_all_listing) continue;
        ids.add(at.id);
        for (const all of allListingOf.get(at.id) ?? []) ids.add(all);
      }
    });
    membershipsOf.set(item, [...ids]);
  }

  /* ─── what exists: products by SKU, variants by SKU ─── */
  const skus = items.map((item) => item.sku);
  const existingProducts = new Map<string, { id: number; url: string }>();
  for (const row of await select<{ id: number; sku: string; url: string }>(
    tx,
    sql`select id, sku, url from ${products} where sku in ${jsonList(skus)}`,
  )) {
    existingProducts.set(row.sku, { id: Number(row.id), url: row.url });
  }
  const variantSkus = items.flatMap((item) => item.variants.map((variant) => variant.sku));
  const existingVariants = new Map<string, { id: number; productId: number; productSku: string }>();
  for (const row of await select<{ id: number; sku: string; product_id: number; product_sku: string }>(
    tx,
    sql`select v.id, v.sku, v.product_id, p.sku as product_sku from ${variants} v join ${products} p on p.id = v.product_id
        where v.sku in ${jsonList(variantSkus)}`,
  )) {
    existingVariants.set(row.sku, {
      id: Number(row.id),
      productId: Number(row.product_id),
      productSku: row.product_sku,
    });
  }
  for (const item of items) {
    item.variants.forEach((variant, index) => {
      const found = existingVariants.get(variant.sku);
      if (found && found.productSku !== item.sku) {
        refuse(item, `variants[${index}].sku`, `is a variant of product ${found.productSku}`);
      }
    });
  }

  /* ─── URLs: kept for existing products; the seed's rule for new ones ─── */
  const newItems = items.filter((item) => !existingProducts.has(item.sku));
  const candidates = newItems.flatMap((item) => {
    const slug = item.customSlug ?? slugify(item.name);
    return [slug, `${slug}-${item.sku.toLowerCase()}`];
  });
  const takenUrls = new Map<string, string>();
  for (const row of await select<{ url: string; sku: string }>(
    tx,
    sql`select url, sku from ${products} where url in ${jsonList(candidates)}`,
  )) {
    takenUrls.set(row.url, row.sku);
  }
  const urlOf = new Map<ImportProduct, string>();
  for (const item of newItems) {
    const slug = item.customSlug ?? slugify(item.name);
    if (!slug) {
      refuse(item, 'name', 'must contain letters or digits (the product URL is made of them)');
      continue;
    }
    const holder = takenUrls.get(slug);
    if (holder === undefined) {
      urlOf.set(item, slug);
      takenUrls.set(slug, item.sku);
      continue;
    }
    if (item.customSlug) {
      refuse(item, 'custom_url.url', `"${slug}" is the URL of product ${holder}`);
      continue;
    }
    const fallback = `${slug}-${item.sku.toLowerCase()}`;
    const fallbackHolder = takenUrls.get(fallback);
    if (fallbackHolder !== undefined) {
      refuse(item, 'name', `its URL "${fallback}" is the URL of product ${fallbackHolder}`);
      continue;
    }
    urlOf.set(item, fallback);
    takenUrls.set(fallback, item.sku);
  }
  if (refusals.length > 0) return { ok: false, refusals };

  /* ─── ids: kept where matched, new ones above the largest ─── */
  const [maxima] = await select<
    Record<'products' | 'options' | 'values' | 'variants' | 'modifier_values', number>
  >(
    tx,
    sql`select
      (select coalesce(max(id), 0) from ${products}) as products,
      (select coalesce(max(id), 0) from ${productOptions}) as options,
      (select coalesce(max(id), 0) from ${productOptionValues}) as "values",
      (select coalesce(max(id), 0) from ${variants}) as variants,
      (select coalesce(max((value ->> 'id')::int), 0) from ${productModifiers}, jsonb_array_elements(${productModifiers.values}) value)
        as modifier_values`,
  );
  const next = {
    product: Number(maxima?.products ?? 0) + 1,
    option: Number(maxima?.options ?? 0) + 1,
    value: Number(maxima?.values ?? 0) + 1,
    variant: Number(maxima?.variants ?? 0) + 1,
    modifierValue: Number(maxima?.modifier_values ?? 0) + 1,
  };
  const matchedIds = items.flatMap((item) => {
    const found = existingProducts.get(item.sku);
    return found ? [found.id] : [];
  });
  const existingOptions = new Map<string, number>();
  const existingValues = new Map<string, number>();
  const existingModifierValues = new Map<string, number>();
  if (matchedIds.length > 0) {
    for (const row of await select<{ id: number; product_id: number; display_name: string }>(
      tx,
      sql`select id, product_id, display_name from ${productOptions} where product_id in ${jsonIds(matchedIds)}`,
    )) {
      existingOptions.set(`${row.product_id}\u0000${row.display_name.toLowerCase()}`, Number(row.id));
    }
    for (const row of await select<{ id: number; option_id: number; label: string }>(
      tx,
      sql`select v.id, v.option_id, v.label from ${productOptionValues} v join ${productOptions} o on o.id = v.option_id
          where o.product_id in ${jsonIds(matchedIds)}`,
    )) {
      existingValues.set(`${row.option_id}\u0000${row.label.toLowerCase()}`, Number(row.id));
    }
    for (const row of await select<{ product_id: number; display_name: string; label: string; id: number }>(
      tx,
      sql`select m.product_id, m.display_name, value ->> 'label' as label, (value ->> 'id')::int as id
          from ${productModifiers} m, jsonb_array_elements(m.values) value where m.product_id in ${jsonIds(matchedIds)}`,
    )) {
      existingModifierValues.set(
        `${row.product_id}\u0000${row.display_name.toLowerCase()}\u0000${String(row.label).toLowerCase()}`,
        Number(row.id),
      );
    }
  }

  /* ─── the rows ─── */
  const productRows: (typeof products.$inferInsert)[] = [];
  const optionRows: (typeof productOptions.$inferInsert)[] = [];
  const valueRows: (typeof productOptionValues.$inferInsert)[] = [];
  const variantRows: (typeof variants.$inferInsert)[] = [];
  const fieldRows: (typeof productCustomFields.$inferInsert)[] = [];
  const imageRows: (typeof productImages.$inferInsert)[] = [];
  const modifierRows: (typeof productModifiers.$inferInsert)[] = [];
  const ruleRows: (typeof bulkPricingRules.$inferInsert)[] = [];
  const membershipRows: { productId: number; categoryId: number; n: number }[] = [];
  const stock: StockLevel[] = [];
  const summary: WriteSummary = {
    products: { created: 0, updated: 0 },
    variants: { created: 0, updated: 0, removed: 0 },
  };

  for (const item of items) {
    const existing = existingProducts.get(item.sku);
    const productId = existing?.id ?? next.product++;
    summary.products[existing ? 'updated' : 'created']++;
    const fields = Object.fromEntries(item.customFields.map((field) => [field.name, field.value]));
    productRows.push({
      id: productId,
      sku: item.sku,
      name: item.name,
      brandId: item.brandId,
      // An existing product keeps its URL (links, bookmarks, search engines); only a new one gets one.
      url: existing?.url ?? (urlOf.get(item) as string),
      description: item.description,
      priceCents: item.priceCents,
      salePriceCents: item.salePriceCents,
      gender: fields.gender as string,
      productType: fields.product_type as string,
      ...pricingFields(fields),
      isVisible: item.isVisible,
      // Written for new products only (not in the upsert's update list): every row has the same columns.
      featuredRank: 0,
      createdAt: options.now,
    });

    const valueIds = new Map<string, number>();
    const addOption = (displayName: 'Color' | 'Size', sortOrder: number, values: ImportProduct['colors']) => {
      const optionId = existingOptions.get(`${productId}\u0000${displayName.toLowerCase()}`) ?? next.option++;
      optionRows.push({ id: optionId, productId, displayName, sortOrder });
      for (const value of values) {
        const id = existingValues.get(`${optionId}\u0000${value.label.toLowerCase()}`) ?? next.value++;
        valueIds.set(`${displayName}\u0000${value.label}`, id);
        valueRows.push({ id, optionId, ...value });
      }
    };
    addOption('Color', 0, item.colors);
    addOption('Size', 1, item.sizes);

    for (const variant of item.variants) {
      const found = existingVariants.get(variant.sku);
      summary.variants[found ? 'updated' : 'created']++;
      variantRows.push({
        id: found?.id ?? next.variant++,
        productId,
        sku: variant.sku,
        priceCents: variant.priceCents,
        salePriceCents: variant.salePriceCents,
        upc: variant.upc,
        imageUrl: variant.imageUrl,
        purchasingDisabled: variant.purchasingDisabled,
        colorValueId: valueIds.get(`Color\u0000${variant.color}`) as number,
        sizeValueId: valueIds.get(`Size\u0000${variant.size}`) as number,
      });
      if (variant.stock) stock.push({ variantSku: variant.sku, ...variant.stock });
    }

    fieldRows.push(
      ...item.customFields.map((field) => ({ productId, name: field.name, value: field.value })),
    );
    for (const image of item.images) {
      const resolved = options.images.get(image);
      if (!resolved) throw new Error(`image of ${item.sku} was not resolved`);
      imageRows.push({
        productId,
        url: resolved.url,
        sortOrder: image.sortOrder,
        isThumbnail: image.isThumbnail,
        width: resolved.width,
        height: resolved.height,
        description: image.description,
      });
    }
    modifierRows.push(
      ...item.modifiers.map((modifier) => ({
        productId,
        displayName: modifier.displayName,
        type: modifier.type,
        required: modifier.required,
        values: modifier.values.map((value) => ({
          id:
            existingModifierValues.get(
              `${productId}\u0000${modifier.displayName.toLowerCase()}\u0000${value.label.toLowerCase()}`,
            ) ?? next.modifierValue++,
          ...value,
        })),
      })),
    );
    ruleRows.push(...item.bulkPricingRules.map((rule) => ({ productId, ...rule })));
    for (const categoryId of membershipsOf.get(item) ?? []) {
      membershipRows.push({ productId, categoryId, n: membershipRows.length });
    }
  }

  /* ─── the writes, parents before children ─── */
  await insertRows(tx, products, productRows, {
    conflict: products.id,
    update: [
      products.name,
      products.brandId,
      products.description,
      products.priceCents,
      products.salePriceCents,
      products.gender,
      products.productType,
      products.excludeProDiscount,
      products.groupPercents,
      products.isVisible,
    ],
  });
  if (matchedIds.length > 0) {
    // Variants of these products that the file no longer lists.
    const removed = await select<{ id: number }>(
      tx,
      sql`delete from ${variants} where product_id in ${jsonIds(matchedIds)}
          and sku not in ${jsonList(variantRows.map((row) => row.sku))} returning id`,
    );
    summary.variants.removed = removed.length;
  }
  await insertRows(tx, productOptions, optionRows, {
    conflict: productOptions.id,
    update: [productOptions.displayName, productOptions.sortOrder],
  });
  await insertRows(tx, productOptionValues, valueRows, {
    conflict: productOptionValues.id,
    update: [
      productOptionValues.label,
      productOptionValues.sortOrder,
      productOptionValues.isDefault,
      productOptionValues.swatch,
      productOptionValues.colorHex,
      productOptionValues.isPattern,
    ],
  });
  await insertRows(tx, variants, variantRows, {
    conflict: variants.id,
    update: [
      variants.priceCents,
      variants.salePriceCents,
      variants.upc,
      variants.imageUrl,
      variants.purchasingDisabled,
      variants.colorValueId,
      variants.sizeValueId,
    ],
  });
  const matchedSet = new Set(matchedIds);
  if (matchedIds.length > 0) {
    // Option values and options the file no longer lists (no variant points at them any more).
    await tx.execute(sql`delete from ${productOptionValues} where option_id in
      (select id from ${productOptions} where product_id in ${jsonIds(matchedIds)})
      and id not in ${jsonIds(valueRows.map((row) => row.id as number))}`);
    await tx.execute(sql`delete from ${productOptions} where product_id in ${jsonIds(matchedIds)}
      and id not in ${jsonIds(optionRows.map((row) => row.id as number))}`);
    // Fields, images, modifiers and rules are replaced, for the products whose set differs from the file's only:
    // a second run of the same file rewrites nothing and so notes no change in the feed.
    const stored = await childrenKeys(tx, matchedIds);
    const fresh = childrenKeysOf({ fieldRows, imageRows, modifierRows, ruleRows });
    const changed = new Set(matchedIds.filter((id) => stored.get(id) !== fresh.get(id)));
    const unchanged = (row: { productId: number }) =>
      matchedSet.has(row.productId) && !changed.has(row.productId);
    for (const rows of [fieldRows, imageRows, modifierRows, ruleRows] as { productId: number }[][]) {
      const kept = rows.filter((row) => !unchanged(row));
      rows.length = 0;
      rows.push(...kept);
    }
    for (const [table, column] of [
      [productCustomFields, productCustomFields.productId],
      [productImages, productImages.productId],
      [productModifiers, productModifiers.productId],
      [bulkPricingRules, bulkPricingRules.productId],
    ] as const) {
      await deleteForProducts(tx, table, column, [...changed]);
    }
    // Memberships the file no longer lists; the others keep their place in their category's order.
    await tx.execute(sql`delete from ${productCategories} pc where pc.product_id in ${jsonIds(matchedIds)}
      and not exists (select 1 from json_to_recordset(${JSON.stringify(membershipRows)}::json)
        as m("productId" int, "categoryId" int)
        where m."productId" = pc.product_id and m."categoryId" = pc.category_id)`);
  }
  await insertRows(tx, productCustomFields, fieldRows);
  await insertRows(tx, productImages, imageRows);
  await insertRows(tx, productModifiers, modifierRows);
  await insertRows(tx, bulkPricingRules, ruleRows);
  // New memberships go last in their category's merchandised order.
  for (let start = 0; start < membershipRows.length; start += BATCH_ROWS) {
    const batch = JSON.stringify(membershipRows.slice(start, start + BATCH_ROWS));
    await tx.execute(sql`insert into ${productCategories} (product_id, category_id, sort_order)
      select m."productId", m."categoryId",
        coalesce((select max(sort_order) from ${productCategories} c where c.category_id = m."categoryId"), -1)
          + row_number() over (partition by m."categoryId" order by m.n)
      from json_to_recordset(${batch}::json) as m("productId" int, "categoryId" int, n int)
      on conflict do nothing`);
    await yieldToEventLoop();
  }
  return { ok: true, summary, stock };
}

/** JSON with object keys sorted at every level (jsonb hands keys back in its own order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

type ChildRows = {
  fieldRows: readonly (typeof productCustomFields.$inferInsert)[];
  imageRows: readonly (typeof productImages.$inferInsert)[];
  modifierRows: readonly (typeof productModifiers.$inferInsert)[];
  ruleRows: readonly (typeof bulkPricingRules.$inferInsert)[];
};

/** Per product, one string for its custom fields, images, modifiers and bulk rules, in their order. */
function childrenKeysOf(rows: ChildRows): Map<number, string> {
  const parts = new Map<number, unknown[][]>();
  const add = (productId: number, kind: number, value: unknown) => {
    const lists = parts.get(productId) ?? [[], [], [], []];
    lists[kind]!.push(value);
    parts.set(productId, lists);
  };
  for (const row of rows.fieldRows) add(row.productId, 0, [row.name, row.value]);
  for (const row of rows.imageRows) {
    add(row.productId, 1, [row.url, row.sortOrder, row.isThumbnail, row.width, row.height, row.description]);
  }
  for (const row of rows.modifierRows) {
    add(row.productId, 2, [row.displayName, row.type, row.required, row.values]);
  }
  for (const row of rows.ruleRows) {
    add(row.productId, 3, [row.quantityMin, row.quantityMax ?? null, row.type, row.amount]);
  }
  return new Map([...parts].map(([productId, lists]) => [productId, canonical(lists)]));
}

/** `childrenKeysOf` for what the database holds for these products. */
async function childrenKeys(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  const list = jsonIds(ids);
  const fieldRows = await select<{ product_id: number; name: string; value: string }>(
    tx,
    sql`select product_id, name, value from ${productCustomFields} where product_id in ${list} order by id`,
  );
  const imageRows = await select<{
    product_id: number;
    url: string;
    sort_order: number;
    is_thumbnail: boolean;
    width: number;
    height: number;
    description: ImportImage['description'] | string;
  }>(
    tx,
    sql`select product_id, url, sort_order, is_thumbnail, width, height, description from ${productImages}
        where product_id in ${list} order by id`,
  );
  const modifierRows = await select<{
    product_id: number;
    display_name: string;
    type: string;
    required: boolean;
    values: { id: number; label: string; isDefault: boolean }[] | string;
  }>(
    tx,
    sql`select product_id, display_name, type, required, values from ${productModifiers}
        where product_id in ${list} order by id`,
  );
  const ruleRows = await select<{
    product_id: number;
    quantity_min: number;
    quantity_max: number | null;
    type: string;
    amount: number;
  }>(
    tx,
    sql`select product_id, quantity_min, quantity_max, type, amount from ${bulkPricingRules}
        where product_id in ${list} order by id`,
  );
  // A raw statement may hand jsonb back as text (the driver's choice).
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return childrenKeysOf({
    fieldRows: fieldRows.map((row) => ({
      productId: Number(row.product_id),
      name: row.name,
      value: row.value,
    })),
    imageRows: imageRows.map((row) => ({
      productId: Number(row.product_id),
      url: row.url,
      sortOrder: Number(row.sort_order),
      isThumbnail: row.is_thumbnail,
      width: Number(row.width),
      height: Number(row.height),
      description: json(row.description),
    })),
    modifierRows: modifierRows.map((row) => ({
      productId: Number(row.product_id),
      displayName: row.display_name,
      type: row.type,
      required: row.required,
      values: json(row.values),
    })),
    ruleRows: ruleRows.map((row) => ({
      productId: Number(row.product_id),
      quantityMin: Number(row.quantity_min),
      quantityMax: row.quantity_max === null ? null : Number(row.quantity_max),
      type: row.type,
      amount: Number(row.amount),
    })),
  });
}
