import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../paths';
import { csvToRecords } from './csv';
import { jsonToRecords } from './read-file';
import { validateRecords } from './records';

const HEADER =
  'sku,name,price,categories,custom_fields.gender,custom_fields.product_type,variant_sku,color,size';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

describe('csvToRecords', () => {
  it('groups the rows of a product, offers colours and sizes in the order they appear, and reads typed cells', () => {
    const { records, sources, refusals } = csvToRecords(
      [
        `${HEADER},inventory_level,purchasing_disabled,color_hex`,
        '810001,"Ridgeline Rain Jacket, Mens",349.00,14|/jackets/,Mens,jacket,810001-LD-M,Lead,M,10,no,#5a5d5c',
        '810001,,,,,,810001-LD-L,Lead,L,,yes,',
        '810002,Talus Pack,229,,Unisex,pack,810002-CVT-OS,Covert,One Size,4,,',
      ].join('\n'),
    );
    expect(refusals).toEqual([]);
    expect(sources).toEqual([
      { label: 'row 2', variantLabels: ['row 2', 'row 3'] },
      { label: 'row 4', variantLabels: ['row 4'] },
    ]);
    expect(records[0]).toEqual({
      sku: '810001',
      name: 'Ridgeline Rain Jacket, Mens',
      price: 349,
      categories: [14, '/jackets/'],
      custom_fields: [
        { name: 'gender', value: 'Mens' },
        { name: 'product_type', value: 'jacket' },
      ],
      variants: [
        {
          sku: '810001-LD-M',
          inventory_level: 10,
          purchasing_disabled: false,
          option_values: [
            { option_display_name: 'Color', label: 'Lead' },
            { option_display_name: 'Size', label: 'M' },
          ],
        },
        {
          sku: '810001-LD-L',
          purchasing_disabled: true,
          option_values: [
            { option_display_name: 'Color', label: 'Lead' },
            { option_display_name: 'Size', label: 'L' },
          ],
        },
      ],
      options: [
        { display_name: 'Color', option_values: [{ label: 'Lead', value_data: { colors: ['#5a5d5c'] } }] },
        { display_name: 'Size', option_values: [{ label: 'M' }, { label: 'L' }] },
      ],
    });
  });

  const refusals: [name: string, text: string, expected: unknown[]][] = [
    [
      'a missing column',
      'sku,name,variant_sku,color\n810001,Jacket,810001-LD-M,Lead',
      [{ record: 'row 1', sku: null, field: 'size', message: 'column is missing' }],
    ],
    [
      'an unknown column',
      `${HEADER},colour\n810001,Jacket,349,,Mens,jacket,810001-LD-M,Lead,M,Black`,
      [{ record: 'row 1', sku: null, field: 'colour', message: 'is not a column of the import' }],
    ],
    [
      'a product cell that differs on a later row',
      csv(
        '810001,Jacket,349,,Mens,jacket,810001-LD-M,Lead,M',
        '810001,Jacket,359,,Mens,jacket,810001-LD-L,Lead,L',
      ),
      [
        {
          record: 'row 3',
          sku: '810001',
          field: 'price',
          message: "differs from the product's first row (row 2)",
        },
      ],
    ],
    [
      'a row without a product SKU',
      csv(',Jacket,349,,Mens,jacket,810001-LD-M,Lead,M'),
      [{ record: 'row 2', sku: null, field: 'sku', message: 'must not be empty' }],
    ],
    [
      'a JSON cell that is not JSON',
      'sku,name,price,images,variant_sku,color,size\n810001,Jacket,349,[front.svg,810001-LD-M,Lead,M',
      [{ record: 'row 2', sku: '810001', field: 'images', message: 'must be a JSON array' }],
    ],
  ];

  it.each(refusals)('refuses %s', (_name, text, expected) => {
    expect(csvToRecords(text).refusals).toEqual(expected);
  });

  it('refuses a file that is not CSV (an unclosed quote), naming the line', () => {
    const { refusals, records } = csvToRecords(csv('810001,"Jacket,349,,Mens,jacket,810001-LD-M,Lead,M'));
    expect(records).toEqual([]);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ record: 'row 2', sku: null, field: '' });
    expect(refusals[0]?.message).toMatch(/^is not valid CSV: /);
  });

  it('reads the example CSV as the same catalogue as the example JSON', () => {
    const read = (name: string) => fs.readFileSync(path.join(projectRoot, 'examples', name), 'utf8');
    const fromCsv = csvToRecords(read('catalogue.example.csv'));
    const fromJson = jsonToRecords(read('catalogue.example.json'));
    const strip = (result: ReturnType<typeof validateRecords>) => {
      expect(result.refusals).toEqual([]);
      return result.products.map(({ source: _source, ...product }) => product);
    };
    const csvProducts = strip(validateRecords(fromCsv.records, fromCsv.sources));
    expect(csvProducts).toHaveLength(4);
    expect(csvProducts).toEqual(strip(validateRecords(fromJson.records, fromJson.sources)));
  });
});
