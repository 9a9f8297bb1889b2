/** Inventory's browser-safe surface: the shape of a level as the warehouse endpoints answer it, and the warehouses. */
export type { InventoryLevel, InventoryGroup } from './levels';
export { PRO_WAREHOUSE, STANDARD_WAREHOUSE, warehouseOf, type Warehouse } from './warehouses';
export { MAX_FEED_BYTES, MAX_FEED_ITEMS, MAX_STOCK_QUANTITY, STOCK_MESSAGES } from './stock-messages';
