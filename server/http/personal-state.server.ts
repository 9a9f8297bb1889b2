/**
 * `GET /api/personal-state`: what is personal on a shared page (decision 021), the header's cart count and account
 * state, for browsers that run scripts. Shared pages leave it out; the page's script asks for it after hydration.
 * Private and never stored. Served ahead of the Remix handler: it is asked on every page view and costs one
 * indexed query for a shopper with a cart, nothing for anyone else.
 */
import express, { type Request, type Response } from 'express';
import type { RequestContext } from '../context.server';
import { readPersonalState } from '../viewer/index.server';
import { CACHE_PRIVATE } from '../web/cache.server';

export const PERSONAL_STATE_PATH = '/api/personal-state';

export function personalStateRoute(): express.Router {
  const router = express.Router();
  router.get(PERSONAL_STATE_PATH, async (req: Request, res: Response, next: (error?: unknown) => void) => {
    try {
      const context = res.locals.requestContext as RequestContext;
      const state = await context.timing.measure('db', () =>
        readPersonalState(context.viewer, (cartId) => context.services.cart.itemCount(cartId)),
      );
      res.status(200).set('Cache-Control', CACHE_PRIVATE).json(state);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
