/**
 * Import a catalogue (issue 25 §3, decision 095): the use case spans the catalogue (its products, variants, options,
 * images, fields, rules and category memberships) and the inventory (the variants' stock levels), so it is a
 * workflow that owns the transaction.
 *
 * All or nothing per run: every record is validated first, then the checks that need the database run inside the
 * transaction; one refusal anywhere and nothing is written (the report names every refused record, its field
 * and why). Otherwise the catalogue rows, the stock levels and the local images land together. Running servers
 * follow through the catalogue's change feed (listing index, search documents, data caches): no restart.
 */
import {
  planCatalogueImport,
  writeCatalogueImport,
  type CatalogueImportSummary,
  type ImportRefusal,
} from '../catalogue/index.server';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { setStockLevels } from '../inventory/index.server';

export type CatalogueImportReport = {
  format: 'json' | 'csv' | null;
  /** Records read from the file (CSV: products, its rows grouped by product SKU). */
  records: number;
  /** Nothing was written when there is any refusal. */
  refusals: ImportRefusal[];
  /** What was written (zero counts when refused). */
  summary: CatalogueImportSummary;
  stockRecordsWritten: number;
  imagesStored: number;
  durationMs: number;
};

class Refused extends Error {
  constructor(readonly refusals: ImportRefusal[]) {
    super('catalogue import refused');
  }
}

const NOTHING: CatalogueImportSummary = {
  products: { created: 0, updated: 0 },
  variants: { created: 0, updated: 0, removed: 0 },
};

export async function importCatalogue(
  deps: { db: Database; clock: Clock },
  file: string,
): Promise<CatalogueImportReport> {
  const started = performance.now();
  const plan = await planCatalogueImport(file);
  const report = (fields: Partial<CatalogueImportReport>): CatalogueImportReport => ({
    format: plan.format,
    records: plan.records,
    refusals: [],
    summary: NOTHING,
    stockRecordsWritten: 0,
    imagesStored: 0,
    ...fields,
    durationMs: Math.round(performance.now() - started),
  });
  if (plan.refusals.length > 0) return report({ refusals: plan.refusals });
  if (plan.products.length === 0) {
    return report({ refusals: [{ record: 'file', sku: null, field: '', message: 'has no products' }] });
  }
  try {
    const written = await deps.db.transaction(async (tx) => {
      const outcome = await writeCatalogueImport(tx, plan.products, {
        images: plan.images,
        now: deps.clock.now(),
      });
      if (!outcome.ok) throw new Refused(outcome.refusals);
      const stockRecordsWritten = await setStockLevels(tx, outcome.stock);
      // The local pictures land with the rows that name them, or not at all (decision 096).
      const imagesStored = await plan.storeImages(tx);
      return { summary: outcome.summary, stockRecordsWritten, imagesStored };
    });
    return report(written);
  } catch (error) {
    if (error instanceof Refused) return report({ refusals: error.refusals });
    throw error;
  }
}

/** The report as lines for a terminal or a log: one per refusal, then the outcome. */
export function formatImportReport(file: string, report: CatalogueImportReport): string[] {
  if (report.refusals.length > 0) {
    return [
      ...report.refusals.map(
        (refusal) =>
          `${refusal.record}${refusal.sku ? ` (${refusal.sku})` : ''}${refusal.field ? ` ${refusal.field}` : ''}: ${refusal.message}`,
      ),
      `Refused: ${report.refusals.length} problem${report.refusals.length === 1 ? '' : 's'} in ${file}; nothing was imported.`,
    ];
  }
  const { products, variants } = report.summary;
  return [
    `Imported ${file} (${report.format}): ${products.created} products created, ${products.updated} updated; ` +
      `${variants.created} variants created, ${variants.updated} updated, ${variants.removed} removed; ` +
      `${report.stockRecordsWritten} stock records written, ${report.imagesStored} images stored, in ` +
      `${(report.durationMs / 1000).toFixed(1)} s.`,
  ];
}
