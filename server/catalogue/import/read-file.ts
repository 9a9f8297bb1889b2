/**
 * Reads a catalogue import file: a JSON export (a list of products, or BigCommerce's `{ "data": [...] }` page, or
 * `{ "products": [...] }`) or a CSV (csv.ts), chosen by the file's extension. What cannot be read at all is one
 * refusal naming the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { csvToRecords } from './csv';
import type { ImportRefusal, RecordSource } from './records';

export type CatalogueFile = {
  records: unknown[];
  sources: RecordSource[];
  refusals: ImportRefusal[];
  /** Local image files are named relative to this folder (the file's own). */
  baseDir: string;
};

export type CatalogueFormat = 'json' | 'csv';

export function formatOf(file: string): CatalogueFormat | null {
  const extension = path.extname(file).toLowerCase();
  return extension === '.json' ? 'json' : extension === '.csv' ? 'csv' : null;
}

export function readCatalogueFile(file: string): CatalogueFile {
  const baseDir = path.dirname(path.resolve(file));
  const refused = (message: string): CatalogueFile => ({
    records: [],
    sources: [],
    refusals: [{ record: 'file', sku: null, field: '', message }],
    baseDir,
  });
  const format = formatOf(file);
  if (!format) return refused('must be a .json or a .csv file');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return refused(`cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (format === 'csv') return { ...csvToRecords(text), baseDir };
  return { ...jsonToRecords(text), baseDir };
}

export function jsonToRecords(text: string): Omit<CatalogueFile, 'baseDir'> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return {
      records: [],
      sources: [],
      refusals: [
        {
          record: 'file',
          sku: null,
          field: '',
          message: `is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
        },
      ],
    };
  }
  const list = Array.isArray(parsed)
    ? parsed
    : typeof parsed === 'object' && parsed !== null
      ? ((parsed as { data?: unknown }).data ?? (parsed as { products?: unknown }).products)
      : undefined;
  if (!Array.isArray(list)) {
    return {
      records: [],
      sources: [],
      refusals: [
        {
          record: 'file',
          sku: null,
          field: '',
          message: 'must be a list of products, or an object with a "data" or "products" list',
        },
      ],
    };
  }
  return {
    records: list,
    sources: list.map((_, index) => ({ label: `product ${index + 1}` })),
    refusals: [],
  };
}
