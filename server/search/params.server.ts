/**
 * The parameters of the search JSON endpoints (SPEC §7 search calls, issue 12), parsed with zod. A bad
 * parameter is a 400 with a message naming it, never a 500.
 */
import { z } from 'zod';
import { BEACON_KINDS } from './public';
import { MAX_QUERY_CHARS, MIN_SUGGEST_CHARS } from './query';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'request'}: ${issue.message}` : 'Bad request';
}

function parse<S extends z.ZodTypeAny>(schema: S, raw: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false, error: firstIssue(result.error) };
}

const term = (name: string) =>
  z
    .string({ required_error: `${name} is required` })
    .trim()
    .min(MIN_SUGGEST_CHARS, `${name} must be at least ${MIN_SUGGEST_CHARS} characters`)
    .max(MAX_QUERY_CHARS, `${name} must be at most ${MAX_QUERY_CHARS} characters`);

/** Present parameters only (a missing one is `undefined`, so zod reports it as required). */
function params(search: URLSearchParams, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (search.has(name) ? [[name, search.get(name)!]] : [])));
}

const AutocompleteSchema = z.object({
  q: term('q'),
  resultsPerPage: z.coerce
    .number({ invalid_type_error: 'resultsPerPage must be a number' })
    .int('resultsPerPage must be a whole number')
    .min(1, 'resultsPerPage must be 1 or more')
    .max(20, 'resultsPerPage must be 20 or less')
    .default(1),
  page: z.coerce.number().int('page must be a whole number').min(1).max(1, 'page must be 1').default(1),
});

/** `GET /api/search/autocomplete?q=…&resultsPerPage=1` (SPEC §9: autocomplete returns 1 result by default). */
export function parseAutocompleteParams(search: URLSearchParams) {
  return parse(AutocompleteSchema, params(search, ['q', 'resultsPerPage', 'page']));
}

// Schemas are built once: building one costs more than parsing with it, on the hottest calls of the store.
const SuggestSchema = z.object({ query: term('query') });
const SuggestionsSchema = z.object({ q: term('q') });

/** `GET /api/search/suggest?query=…`. */
export function parseSuggestParams(search: URLSearchParams) {
  return parse(SuggestSchema, params(search, ['query']));
}

/** The header's combined call: `GET /api/search/suggestions?q=…` (results limit 5, SPEC §9). */
export function parseSuggestionsParams(search: URLSearchParams) {
  return parse(SuggestionsSchema, params(search, ['q']));
}

const idList = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}(,\d{1,9}){0,19}$/, `${name} must be a comma-separated list of up to 20 product ids`)
    .transform((text) => text.split(',').map(Number));

const RecommendSchema = z
  .object({
    tags: z
      .string()
      .trim()
      .regex(
        /^[a-z0-9-]{1,60}(,[a-z0-9-]{1,60}){0,19}$/i,
        'tags must be a comma-separated list of up to 20 tags',
      )
      .transform((text) => text.toLowerCase().split(','))
      .optional(),
    lastViewed: idList('lastViewed').optional(),
    cart: idList('cart').optional(),
    limit: z.coerce
      .number({ invalid_type_error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(10, 'limit must be 10 or less')
      .optional(),
  })
  .refine((value) => value.tags || value.lastViewed || value.cart, {
    message: 'tags, lastViewed or cart is required',
  })
  .refine((value) => value.limit === undefined || value.limit <= 8 || value.lastViewed || value.cart, {
    message: 'limit must be 8 or less without lastViewed or cart',
    path: ['limit'],
  });

/** `GET /api/search/recommend?tags=a,b&limit=8` or `?lastViewed=1,2&cart=3&limit=10`. */
export function parseRecommendParams(search: URLSearchParams) {
  return parse(RecommendSchema, params(search, ['tags', 'lastViewed', 'cart', 'limit']));
}

const BeaconSchema = z.object({
  kind: z.enum(BEACON_KINDS, {
    errorMap: () => ({ message: `kind must be one of ${BEACON_KINDS.join(', ')}` }),
  }),
  block: z.string().trim().min(1).max(80).optional(),
  productIds: z.array(z.number().int().positive()).min(1, 'productIds must name a product').max(50),
  sessionId: z.string().trim().min(1).max(100).optional(),
  pageLoadId: z.string().trim().min(1).max(100).optional(),
});

/** The most events one batch may carry (a page sends render, impression, clicks and a product view). */
export const MAX_BEACON_BATCH = 20;

const BeaconBatchSchema = z.object({
  events: z
    .array(BeaconSchema, { invalid_type_error: 'events must be a list of events' })
    .min(1, 'events must hold at least one event')
    .max(MAX_BEACON_BATCH, `events must hold at most ${MAX_BEACON_BATCH} events`),
});

/**
 * `POST /api/search/beacon` with a JSON body: one event, or a batch `{ events: [...] }` (what the browser sends,
 * several events per request). Either way a list; a bad event refuses the whole batch, its index in the message.
 */
export function parseBeacon(body: unknown): Parsed<z.output<typeof BeaconSchema>[]> {
  if (typeof body === 'object' && body !== null && 'events' in body) {
    const batch = parse(BeaconBatchSchema, body);
    return batch.ok ? { ok: true, value: batch.value.events } : batch;
  }
  const one = parse(BeaconSchema, body);
  return one.ok ? { ok: true, value: [one.value] } : one;
}
