/**
 * The plain-CSV form of a catalogue import (decision 095): one row per variant, the product's columns on its
 * first row (later rows of the product leave them empty or repeat them), turned into the records of the JSON
 * shape so that one validation (records.ts) judges both. Parsed by `csv-parse` (quoted fields, embedded commas
 * and line breaks, a byte-order mark: RFC 4180 as spreadsheets write it).
 *
 * Columns:
 * - product: sku, name, description, price, sale_price, brand_id, is_visible, custom_url, categories (ids or
 *   paths separated by `|`), images, modifiers, bulk_pricing_rules (the last three JSON arrays of the JSON
 *   shape), and one `custom_fields.<name>` column per custom field;
 * - variant: variant_sku, variant_price, variant_sale_price, upc, variant_image_url, inventory_level,
 *   pro_quantity, purchasing_disabled, color, size, and for the colour's swatch color_hex, color_swatch,
 *   color_is_pattern. Colours and sizes are offered in the order they first appear.
 */
import { parse } from 'csv-parse/sync';
import type { ImportRefusal, RecordSource } from './records';

export const CSV_PRODUCT_COLUMNS = [
  'sku',
  'name',
  'description',
  'price',
  'sale_price',
  'brand_id',
  'is_visible',
  'custom_url',
  'categories',
  'images',
  'modifiers',
  'bulk_pricing_rules',
] as const;
export const CSV_VARIANT_COLUMNS = [
  'variant_sku',
  'variant_price',
  'variant_sale_price',
  'upc',
  'variant_image_url',
  'inventory_level',
  'pro_quantity',
  'purchasing_disabled',
  'color',
  'size',
  'color_hex',
  'color_swatch',
  'color_is_pattern',
] as const;
const CUSTOM_FIELD_PREFIX = 'custom_fields.';
const JSON_COLUMNS = new Set(['images', 'modifiers', 'bulk_pricing_rules']);
const NUMBER_COLUMNS = new Set(['price', 'sale_price', 'brand_id']);
const BOOLEAN_COLUMNS = new Set(['is_visible']);

type Row = Record<string, string>;

export type CsvRecords = { records: unknown[]; sources: RecordSource[]; refusals: ImportRefusal[] };

/** A number when the cell is one, undefined when empty, the text itself otherwise (zod then names the field). */
function numberCell(value: string): number | string | undefined {
  if (value === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) && /^-?\d*\.?\d+$/.test(value) ? parsed : value;
}

function booleanCell(value: string): boolean | string | undefined {
  if (value === '') return undefined;
  const lower = value.toLowerCase();
  if (['true', 'yes', '1'].includes(lower)) return true;
  if (['false', 'no', '0'].includes(lower)) return false;
  return value;
}

export function csvToRecords(text: string): CsvRecords {
  const refusals: ImportRefusal[] = [];
  let rows: { record: Row; info: { lines: number } }[];
  try {
    rows = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim()),
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as { record: Row; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    refusals.push({
      record: line ? `row ${line}` : 'file',
      sku: null,
      field: '',
      message: `is not valid CSV: ${error instanceof Error ? error.message : String(error)}`,
    });
    return { records: [], sources: [], refusals };
  }
  const header = rows[0] ? Object.keys(rows[0].record) : [];
  for (const required of ['sku', 'variant_sku', 'color', 'size']) {
    if (rows.length > 0 && !header.includes(required)) {
      refusals.push({ record: 'row 1', sku: null, field: required, message: 'column is missing' });
    }
  }
  const known = new Set<string>([...CSV_PRODUCT_COLUMNS, ...CSV_VARIANT_COLUMNS]);
  for (const name of header) {
    if (!known.has(name) && !name.startsWith(CUSTOM_FIELD_PREFIX)) {
      refusals.push({ record: 'row 1', sku: null, field: name, message: 'is not a column of the import' });
    }
  }
  if (refusals.length > 0) return { records: [], sources: [], refusals };

  // Rows grouped by product SKU, in the order products first appear.
  const groups = new Map<string, { first: Row; firstLine: number; rows: { row: Row; line: number }[] }>();
  for (const { record, info } of rows) {
    const line = info.lines;
    const sku = record.sku ?? '';
    if (!sku) {
      refusals.push({ record: `row ${line}`, sku: null, field: 'sku', message: 'must not be empty' });
      continue;
    }
    const group = groups.get(sku);
    if (!group) {
      groups.set(sku, { first: record, firstLine: line, rows: [{ row: record, line }] });
      continue;
    }
    for (const column of header) {
      if (known.has(column) && !CSV_PRODUCT_COLUMNS.includes(column as never)) continue;
      const value = record[column] ?? '';
      if (value !== '' && value !== (group.first[column] ?? '')) {
        refusals.push({
          record: `row ${line}`,
          sku,
          field: column,
          message: `differs from the product's first row (row ${group.firstLine})`,
        });
      }
    }
    group.rows.push({ row: record, line });
  }

  const records: unknown[] = [];
  const sources: RecordSource[] = [];
  for (const [sku, group] of groups) {
    const first = group.first;
    const product: Record<string, unknown> = { sku };
    let ok = true;
    for (const column of CSV_PRODUCT_COLUMNS) {
      const value = first[column] ?? '';
      if (column === 'sku' || value === '') continue;
      if (JSON_COLUMNS.has(column)) {
        try {
          product[column] = JSON.parse(value);
        } catch {
          refusals.push({
            record: `row ${group.firstLine}`,
            sku,
            field: column,
            message: 'must be a JSON array',
          });
          ok = false;
        }
      } else if (column === 'categories') {
        product.categories = value
          .split('|')
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      } else if (column === 'custom_url') {
        product.custom_url = { url: value };
      } else if (NUMBER_COLUMNS.has(column)) {
        product[column] = numberCell(value);
      } else if (BOOLEAN_COLUMNS.has(column)) {
        product[column] = booleanCell(value);
      } else {
        product[column] = value;
      }
    }
    product.custom_fields = header
      .filter((column) => column.startsWith(CUSTOM_FIELD_PREFIX) && (first[column] ?? '') !== '')
      .map((column) => ({ name: column.slice(CUSTOM_FIELD_PREFIX.length), value: first[column] }));

    const colors = new Map<string, Record<string, unknown>>();
    const sizes = new Map<string, Record<string, unknown>>();
    product.variants = group.rows.map(({ row }) => {
      const color = row.color ?? '';
      const size = row.size ?? '';
      if (color && !colors.has(color.toLowerCase())) {
        const valueData: Record<string, unknown> = {};
        if (row.color_hex) valueData.colors = [row.color_hex];
        if (row.color_swatch) valueData.image_url = row.color_swatch;
        const pattern = booleanCell(row.color_is_pattern ?? '');
        if (pattern !== undefined) valueData.is_pattern = pattern;
        colors.set(color.toLowerCase(), { label: color, value_data: valueData });
      }
      if (size && !sizes.has(size.toLowerCase())) sizes.set(size.toLowerCase(), { label: size });
      const variant: Record<string, unknown> = {
        sku: row.variant_sku ?? '',
        option_values: [
          ...(color ? [{ option_display_name: 'Color', label: color }] : []),
          ...(size ? [{ option_display_name: 'Size', label: size }] : []),
        ],
      };
      const price = numberCell(row.variant_price ?? '');
      if (price !== undefined) variant.price = price;
      const sale = numberCell(row.variant_sale_price ?? '');
      if (sale !== undefined) variant.sale_price = sale;
      if (row.upc) variant.upc = row.upc;
      if (row.variant_image_url) variant.image_url = row.variant_image_url;
      const level = numberCell(row.inventory_level ?? '');
      if (level !== undefined) variant.inventory_level = level;
      const pro = numberCell(row.pro_quantity ?? '');
      if (pro !== undefined) variant.pro_quantity = pro;
      const disabled = booleanCell(row.purchasing_disabled ?? '');
      if (disabled !== undefined) variant.purchasing_disabled = disabled;
      return variant;
    });
    product.options = [
      { display_name: 'Color', option_values: [...colors.values()] },
      { display_name: 'Size', option_values: [...sizes.values()] },
    ].filter((option) => option.option_values.length > 0);
    if (!ok) continue;
    records.push(product);
    sources.push({
      label: `row ${group.firstLine}`,
      variantLabels: group.rows.map(({ line }) => `row ${line}`),
    });
  }
  return { records, sources, refusals };
}
