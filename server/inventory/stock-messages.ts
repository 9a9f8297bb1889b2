/**
 * What the stock desk and the stock feed say (issue 25 §4). Not in SPEC.md; browser-safe (the desk's form schema
 * uses them through `public.ts`).
 */

/** The most a SKU's standard or pro stock can be (a typo guard; the feed and the desk refuse more). */
export const MAX_STOCK_QUANTITY = 1_000_000;

/** Items in one stock feed batch at most (decision 097). */
export const MAX_FEED_ITEMS = 5_000;
/** A feed batch fits in this many bytes (the edge's cap for the feed's path; 5,000 items take about 300 KB). */
export const MAX_FEED_BYTES = 1024 * 1024;

export const STOCK_MESSAGES = {
  skuRequired: 'Please enter a SKU.',
  noMatch: (query: string) => `No variant matches ${query}.`,
  unknownSku: (sku: string) => `No variant has the SKU ${sku}.`,
  chooseStock: 'Please choose standard or pro stock.',
  chooseMode: 'Please choose whether to add or set.',
  amountInvalid: `Please enter a whole number (at most ${MAX_STOCK_QUANTITY.toLocaleString('en-US')}).`,
  reasonRequired: 'Please give a reason for the adjustment.',
  reasonTooLong: 'Please keep the reason under 200 characters.',
  setBelowZero: 'A quantity cannot be below 0.',
  belowZero: (current: number) => `The stock cannot go below 0 (it is ${current}).`,
  tooMuch: `The stock cannot be more than ${MAX_STOCK_QUANTITY.toLocaleString('en-US')}.`,
  adjusted: (sku: string, standard: number, pro: number, notices: number) =>
    `${sku} now has ${standard} standard and ${pro} pro in stock.${
      notices > 0 ? ` ${notices} back-in-stock ${notices === 1 ? 'notice was' : 'notices were'} queued.` : ''
    }`,
} as const;
