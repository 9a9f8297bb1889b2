import type { Clock } from './clock';
import type { Config } from './config.server';
import type { Database } from './db/database.server';
import type { Logger } from './logger';
import type { ServerTiming } from './http/timing';
import { createAnalyticsService, type AnalyticsService } from './analytics/index.server';
import { createCatalogueService, type CatalogueService } from './catalogue/index.server';
import { createContentService, type ContentService } from './content/index.server';
import { createInventoryService, type InventoryService } from './inventory/index.server';
import { createRateLimiter, type RateLimiter } from './rate-limit/index.server';

/**
 * The application's services, built once per process and handed to every loader and action through the
 * Remix load context (Hydrogen's createAppLoadContext). Routes import only types from `server/`, so the
 * server bundle and the HTTP layer share one database handle.
 */
export type Services = {
  config: Config;
  logger: Logger;
  db: Database;
  clock: Clock;
  catalogue: CatalogueService;
  content: ContentService;
  inventory: InventoryService;
  analytics: AnalyticsService;
  rateLimiter: RateLimiter;
};

export type RequestContext = {
  services: Services;
  requestId: string;
  cspNonce: string;
  /** The client's address (Express `req.ip`: the proxy's X-Forwarded-For only with TRUST_PROXY), for rate limits. */
  clientIp: string;
  timing: ServerTiming;
  logger: Logger;
};

export async function createServices(deps: {
  config: Config;
  logger: Logger;
  db: Database;
  clock: Clock;
  contentDir: string;
}): Promise<Services> {
  const content = await createContentService({ dir: deps.contentDir, logger: deps.logger });
  const catalogue = createCatalogueService({ db: deps.db, clock: deps.clock });
  return {
    ...deps,
    content,
    catalogue,
    inventory: createInventoryService({ db: deps.db }),
    analytics: createAnalyticsService({ db: deps.db, clock: deps.clock }),
    rateLimiter: createRateLimiter({ db: deps.db, clock: deps.clock }),
  };
}
