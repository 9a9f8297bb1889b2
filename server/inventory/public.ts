/** Inventory's browser-safe surface: the shape of a level as the warehouse endpoints answer it. */
export type { InventoryLevel, InventoryGroup } from './levels';
