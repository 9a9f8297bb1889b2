/**
 * The storefront's relational schema (SPEC §3). Each table is owned by one domain context and
 * defined in that context's `schema.ts`; other contexts go through that context's service API, never the
 * table. This module gathers them for drizzle-kit (`drizzle.config.ts`) and the typed database handle.
 *
 * Money is integer cents. Timestamps are `timestamptz`. Ids of catalogue rows are integers (as the
 * commerce backend the spec describes); carts use opaque UUIDs since their id travels in a cookie.
 */
export * from '../catalogue/schema';
export * from '../search/schema';
export * from '../inventory/schema';
export * from '../reviews/schema';
export * from '../customers/schema';
export * from '../cart/schema';
export * from '../checkout/schema';
export * from '../repairs/schema';
export * from '../analytics/schema';
export * from '../mail/schema';
export * from '../rate-limit/schema';
export * from '../forms/schema';
export * from '../identity/schema';
export * from '../staff/schema';
export * from '../jobs/schema';
export * from './meta-schema';
