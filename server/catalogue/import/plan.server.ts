/**
 * The file half of a catalogue import (decision 095): read the file, validate every record, check and place the
 * local images. No database: what needs it is `writeCatalogueImport` (write.server.ts), which the import workflow
 * runs in its transaction with the inventory's stock levels.
 */
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
  /** Copies the local images into the store's image folder (content-named: a second copy is skipped). */
  copyImages(): Promise<number>;
};

export async function planCatalogueImport(
  file: string,
  options: { dataDir: string },
): Promise<CatalogueImportPlan> {
  const read = readCatalogueFile(file);
  const validated = validateRecords(read.records, read.sources);
  const images = await resolveImages(validated.products, { baseDir: read.baseDir, dataDir: options.dataDir });
  return {
    format: formatOf(file),
    records: read.records.length,
    products: validated.products,
    images: images.resolved,
    refusals: [...read.refusals, ...validated.refusals, ...images.refusals],
    copyImages: images.copy,
  };
}
