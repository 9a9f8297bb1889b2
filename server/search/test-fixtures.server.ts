/**
 * End-to-end tests only (served when TEST_FIXTURES is set): `GET /__test/search-events?session=ID` answers the
 * beacons stored for one beacon session, oldest first, so a browser test can check what its page recorded (the
 * embedded database belongs to the server process).
 */
import { asc, eq } from 'drizzle-orm';
import express, { type Request, type Response } from 'express';
import type { RequestContext } from '../context.server';
import { searchEvents } from './schema';

export function searchTestFixtureRoutes(): express.Router {
  const router = express.Router();
  router.get('/__test/search-events', async (req: Request, res: Response, next) => {
    try {
      const session = typeof req.query.session === 'string' ? req.query.session : '';
      if (session.length < 1 || session.length > 100) {
        res.status(400).json({ error: 'session: a beacon session id is required' });
        return;
      }
      const { db } = (res.locals.requestContext as RequestContext).services;
      const events = await db
        .select({
          kind: searchEvents.kind,
          block: searchEvents.block,
          productIds: searchEvents.productIds,
          pageLoadId: searchEvents.pageLoadId,
        })
        .from(searchEvents)
        .where(eq(searchEvents.sessionId, session))
        .orderBy(asc(searchEvents.id));
      res.status(200).set('Cache-Control', 'no-store').json({ events });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
