import { useEffect, useRef } from 'react';
import { pushEvent, type AnalyticsEvent } from './data-layer';

/** SPEC §4 and §9: view item list is delayed 3 seconds… */
export const VIEW_ITEM_LIST_DELAY_MS = 3000;
/** …unless the list is one of these, which report at once (the shopper acted on them). */
export const UNDELAYED_LISTS: readonly string[] = ['Search Recommendations', 'Navigation'];

export type ListItem = { item_id: string; item_name: string; price?: number; index?: number };

export type Timers = {
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
};

export function viewItemListEvent(listName: string, items: readonly ListItem[]): AnalyticsEvent {
  return {
    event: 'view_item_list',
    ecommerce: { item_list_name: listName, items: items.map((item, index) => ({ index, ...item })) },
  };
}

/**
 * Schedules the view_item_list event of one list: after VIEW_ITEM_LIST_DELAY_MS, or at once for the undelayed
 * lists; an empty list reports nothing. Returns the cancel function (a list left before 3 s was not viewed).
 */
export function scheduleViewItemList(
  listName: string,
  items: readonly ListItem[],
  push: (event: AnalyticsEvent) => void,
  timers: Timers,
): () => void {
  if (items.length === 0) return () => undefined;
  if (UNDELAYED_LISTS.includes(listName)) {
    push(viewItemListEvent(listName, items));
    return () => undefined;
  }
  const id = timers.setTimeout(() => push(viewItemListEvent(listName, items)), VIEW_ITEM_LIST_DELAY_MS);
  return () => timers.clearTimeout(id);
}

const browserTimers: Timers = {
  setTimeout: (handler, ms) => window.setTimeout(handler, ms),
  clearTimeout: (id) => window.clearTimeout(id as number),
};

/**
 * Reports that the shopper viewed a list of products (see scheduleViewItemList). Call it in the component that
 * renders the list: `useViewItemList('Mens', products.map((p) => ({ item_id: p.sku, item_name: p.name })))`.
 * It schedules again only when the list's name or its item ids change, and cancels on unmount.
 */
export function useViewItemList(listName: string, items: readonly ListItem[]): void {
  const latest = useRef(items);
  // Runs before the scheduling effect below, so a rescheduled list reports its current items.
  useEffect(() => {
    latest.current = items;
  });
  const key = items.map((item) => item.item_id).join('\u0000');
  useEffect(() => scheduleViewItemList(listName, latest.current, pushEvent, browserTimers), [listName, key]);
}
