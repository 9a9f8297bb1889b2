/**
 * The search calls answered from memory (issue 12, decision 022), mounted by the HTTP layer ahead of the Remix
 * handler: the header's suggestions and SPEC §7's autocomplete and suggest. They return JSON only, read nothing
 * but the query and the viewer's price list, and must answer within a few milliseconds under concurrency; the
 * Remix request/response conversion and route matching cost more than the search itself, so they skip it.
 * (Recommendations and beacons, which touch the database, are Remix resource routes.)
 */
import express, { type Request, type Response } from 'express';
import type { RequestContext } from '../context.server';
import { CACHE_CATALOGUE, CACHE_NONE, effectiveCacheControl } from '../web/cache.server';
import {
  parseAutocompleteParams,
  parseSuggestParams,
  parseSuggestionsParams,
  type Parsed,
} from './params.server';
import { SUGGESTION_PRODUCTS } from './public';

function searchParams(req: Request): URLSearchParams {
  return new URL(req.originalUrl, 'http://localhost').searchParams;
}

function send(req: Request, res: Response, status: number, body: unknown): void {
  const cacheControl =
    status === 200
      ? (effectiveCacheControl({
          method: req.method,
          status,
          cacheControl: CACHE_CATALOGUE,
          sharedCopy: (res.locals.requestContext as RequestContext).sharedCopy,
          setsCookie: false,
        }) ?? CACHE_CATALOGUE)
      : CACHE_NONE;
  res.status(status).set('Cache-Control', cacheControl).json(body);
}

function handle<T>(
  parse: (params: URLSearchParams) => Parsed<T>,
  answer: (value: T, context: RequestContext) => Promise<unknown>,
) {
  return async (req: Request, res: Response, next: (error?: unknown) => void) => {
    try {
      const parsed = parse(searchParams(req));
      if (!parsed.ok) return send(req, res, 400, { error: parsed.error });
      send(req, res, 200, await answer(parsed.value, res.locals.requestContext as RequestContext));
    } catch (error) {
      next(error);
    }
  };
}

export function searchJsonRoutes(): express.Router {
  const router = express.Router();
  // The header's suggestions for a term: terms, correction, up to 5 priced cards and the term's redirect.
  router.get(
    '/api/search/suggestions',
    handle(parseSuggestionsParams, (value, context) =>
      context.services.search.suggestions(value.q, SUGGESTION_PRODUCTS, context.viewer.priceList),
    ),
  );
  // SPEC §7 autocomplete: q and resultsPerPage (1 by default, SPEC §9).
  router.get(
    '/api/search/autocomplete',
    handle(parseAutocompleteParams, async ({ q, resultsPerPage, page }, context) => {
      const found = await context.services.search.suggestions(q, resultsPerPage, context.viewer.priceList);
      return {
        query: found.query,
        'corrected-query': found.correctedQuery,
        results: found.products,
        merchandising: found.merchandising,
        pagination: { page, resultsPerPage },
      };
    }),
  );
  // SPEC §7 suggest: corrected-query, suggested.text and alternatives.
  router.get(
    '/api/search/suggest',
    handle(parseSuggestParams, async ({ query }, context) => {
      const found = await context.services.search.suggestions(query, 0, context.viewer.priceList);
      return {
        query: found.query,
        'corrected-query': found.correctedQuery,
        suggested: found.suggested,
        alternatives: found.alternatives,
      };
    }),
  );
  return router;
}
