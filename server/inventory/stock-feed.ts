/**
 * The stock feed's request (issue 25 §4, decision 097): `{ batchId, items: [{ sku, standard, pro }] }`, absolute
 * quantities as a warehouse system sends them, up to `MAX_FEED_ITEMS` per batch. Pure: parsed here, applied by
 * `stock-feed.server.ts`.
 */
import { z } from 'zod';
import { MAX_FEED_ITEMS, MAX_STOCK_QUANTITY } from './stock-messages';

export { MAX_FEED_BYTES, MAX_FEED_ITEMS } from './stock-messages';

const quantity = z
  .number({ required_error: 'is required', invalid_type_error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(MAX_STOCK_QUANTITY, `must be at most ${MAX_STOCK_QUANTITY}`);

export const feedSchema = z
  .object({
    batchId: z
      .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/, 'must be 1 to 100 letters, digits, . _ : or -'),
    items: z
      .array(
        z.object({
          sku: z
            .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
            .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/, 'is not a SKU'),
          standard: quantity,
          pro: quantity,
        }),
        { required_error: 'is required', invalid_type_error: 'must be a list' },
      )
      .min(1, 'must hold at least one item')
      .max(MAX_FEED_ITEMS, `must hold at most ${MAX_FEED_ITEMS} items`),
  })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.items.forEach((item, index) => {
      const key = item.sku.toUpperCase();
      if (seen.has(key))
        context.addIssue({
          code: 'custom',
          path: ['items', index, 'sku'],
          message: 'appears twice in the batch',
        });
      seen.add(key);
    });
  });

export type FeedBatch = z.infer<typeof feedSchema>;

/** What the feed answers, the first time and on every replay of the batch. */
export type FeedSummary = {
  batchId: string;
  /** Items in the batch. */
  received: number;
  /** SKUs whose stock changed. */
  updated: number;
  /** Known SKUs already at the quantities sent. */
  unchanged: number;
  /** SKUs the catalogue does not have: reported, not applied (decision 097). */
  unknownSkus: string[];
  /** Back-in-stock notices queued with the batch (more may follow from the sweep: decision 098). */
  noticesQueued: number;
};

/** The batch's input as a readable list of problems: `items[3].standard must be 0 or more`. */
export function parseFeed(body: unknown): { ok: true; batch: FeedBatch } | { ok: false; errors: string[] } {
  const parsed = feedSchema.safeParse(body);
  if (parsed.success) return { ok: true, batch: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.slice(0, 20).map((issue) => {
      const path = issue.path
        .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${part}`))
        .join('');
      return `${path || 'body'} ${issue.message}`;
    }),
  };
}
