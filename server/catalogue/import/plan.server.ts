/**
 * The file half of a catalogue import (decision 095): read the file, validate every record, check and place the
 * local images. No database: what needs it is `writeCatalogueImport` (write.server.ts), which the import workflow
 * runs in its transaction with the inventory's stock levels.
 */
import type { Tx } from '../../db/database.server';
import { resolveImages, type ResolvedImage } from './images.server';
import { formatOf, readCatalogueFile, type CatalogueFormat } from './read-file';
import { validateRecords, type ImportImage, type ImportProduct, type ImportRefusal } from './records';

export type CatalogueImportPlan = {
  format: CatalogueFormat | null;
  /** Records in the file (products; CSV: products after grouping its rows). */
  records: number;
  products: ImportProduct[];
  images: ReadonlyMap<ImportImage, ResolvedImage>;
  refusals: ImportRefusal[];
  /** Stores the local images in the import's transaction (content-named: a second copy is skipped). */
  storeImages(tx: Tx): Promise<number>;
};

export async function planCatalogueImport(file: string): Promise<CatalogueImportPlan> {
  const read = readCatalogueFile(file);
  const validated = validateRecords(read.records, read.sources);
  const images = await resolveImages(validated.products, { baseDir: read.baseDir });
  return {
    format: formatOf(file),
    records: read.records.length,
    products: validated.products,
    images: images.resolved,
    refusals: [...read.refusals, ...validated.refusals, ...images.refusals],
    storeImages: images.store,
  };
}
