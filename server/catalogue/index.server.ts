// Placeholder: replaced by the catalogue service.
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';

export type CatalogueService = Record<string, never>;

export function createCatalogueService(_deps: { db: Database; clock: Clock }): CatalogueService {
  return {};
}
