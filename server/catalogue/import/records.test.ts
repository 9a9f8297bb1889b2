import { describe, expect, it } from 'vitest';
import { validateRecords, type ImportRefusal } from './records';

/** A valid product in the JSON shape: one colour, two sizes. */
function product(): Record<string, unknown> {
  return {
    sku: '810001',
    name: 'Ridgeline Rain Jacket',
    description: 'A waterproof shell.',
    price: 349,
    sale_price: 0,
    categories: [14, '/jackets/rain-jackets/'],
    options: [
      {
        display_name: 'Color',
        option_values: [
          { label: 'Lead', value_data: { colors: ['#5A5D5C'], image_url: 'ld.svg' } },
          { label: 'Optifade Subalpine', is_default: true, value_data: { is_pattern: true } },
        ],
      },
      { display_name: 'Size', option_values: [{ label: 'M' }, { label: 'L' }] },
    ],
    variants: [
      {
        sku: '810001-LD-M',
        inventory_level: 10,
        pro_quantity: 3,
        option_values: [
          { option_display_name: 'Color', label: 'Lead' },
          { option_display_name: 'Size', label: 'M' },
        ],
      },
      {
        sku: '810001-LD-L',
        price: 359.5,
        option_values: [
          { option_display_name: 'color', label: 'lead' },
          { option_display_name: 'Size', label: 'L' },
        ],
      },
    ],
    modifiers: [{ display_name: 'Warehouse', type: 'radio_buttons', option_values: [{ label: '02' }] }],
    custom_fields: [
      { name: 'gender', value: 'Mens' },
      { name: 'product_type', value: 'jacket' },
      { name: 'product_discount', value: '{"Pro Program":35}' },
    ],
    images: [
      {
        url_standard: '/images/catalogue/jacket/ld-front.svg',
        is_thumbnail: true,
        description: '{"colorName":"Lead","colorCode":"LD","default":true}',
      },
      { image_file: 'images/lead-back.png', description: { colorName: 'Lead' } },
    ],
    bulk_pricing_rules: [{ quantity_min: 3, quantity_max: 0, type: 'percent', amount: 5 }],
    // Fields the store does not use pass through an export unchanged.
    weight: 1.2,
    metafields: [{ key: 'x', value: 'y' }],
  };
}

type Mutation = (record: Record<string, unknown>) => void;
const variant = (record: Record<string, unknown>, index: number) =>
  (record.variants as Record<string, unknown>[])[index] as Record<string, unknown>;

describe('validateRecords', () => {
  it('accepts a product and turns it into what the store writes (cents, slugs, stock, defaults)', () => {
    const { products, refusals } = validateRecords([product()], [{ label: 'product 1' }]);
    expect(refusals).toEqual([]);
    const [item] = products;
    expect(item).toMatchObject({
      sku: '810001',
      priceCents: 34_900,
      salePriceCents: null,
      brandId: 1,
      isVisible: true,
      customSlug: null,
      categories: [14, '/jackets/rain-jackets/'],
    });
    expect(
      item?.colors.map((color) => [color.label, color.isDefault, color.colorHex, color.isPattern]),
    ).toEqual([
      ['Lead', false, '#5a5d5c', false],
      ['Optifade Subalpine', true, null, true],
    ]);
    expect(item?.variants.map((v) => [v.sku, v.priceCents, v.color, v.size, v.stock])).toEqual([
      ['810001-LD-M', null, 'Lead', 'M', { standardQuantity: 7, proQuantity: 3 }],
      ['810001-LD-L', 35_950, 'Lead', 'L', null],
    ]);
    expect(
      item?.images.map((image) => [image.source, image.description.number, image.description.default]),
    ).toEqual([
      [{ kind: 'url', url: '/images/catalogue/jacket/ld-front.svg' }, 1, true],
      [{ kind: 'file', path: 'images/lead-back.png' }, 2, false],
    ]);
    expect(item?.bulkPricingRules).toEqual([
      { quantityMin: 3, quantityMax: null, type: 'percent', amount: 500 },
    ]);
  });

  it('makes the first colour the default when none is marked', () => {
    const record = product();
    const colors = (record.options as { option_values: Record<string, unknown>[] }[])[0]!.option_values;
    delete colors[1]!.is_default;
    const [item] = validateRecords([record], []).products;
    expect(item?.colors.map((color) => color.isDefault)).toEqual([true, false]);
  });

  const refusals: [name: string, mutate: Mutation, expected: Omit<ImportRefusal, 'record' | 'sku'>[]][] = [
    ['a missing name', (r) => delete r.name, [{ field: 'name', message: 'is required' }]],
    ['an empty name', (r) => (r.name = '  '), [{ field: 'name', message: 'must not be empty' }]],
    [
      'a price as text',
      (r) => (r.price = 'cheap'),
      [{ field: 'price', message: 'must be a number of dollars' }],
    ],
    ['a negative price', (r) => (r.price = -1), [{ field: 'price', message: 'must not be negative' }]],
    [
      'a price in fractions of a cent',
      (r) => (r.price = 1.005),
      [{ field: 'price', message: 'must have at most two decimals' }],
    ],
    [
      'a sale price above the price',
      (r) => (r.sale_price = 400),
      [{ field: 'sale_price', message: 'must be below price' }],
    ],
    [
      'a SKU of two parts',
      (r) => (r.sku = '810001-LD'),
      [
        { field: 'sku', message: 'must be a parent SKU: one part of letters, digits, "_" or "."' },
        {
          field: 'variants[0].sku',
          message: 'must be 810001-LD-{color}-{size} (the product SKU, a colour code and a size code)',
        },
        {
          field: 'variants[1].sku',
          message: 'must be 810001-LD-{color}-{size} (the product SKU, a colour code and a size code)',
        },
      ],
    ],
    [
      'a variant of another parent',
      (r) => (variant(r, 1).sku = '999-LD-L'),
      [
        {
          field: 'variants[1].sku',
          message: 'must be 810001-{color}-{size} (the product SKU, a colour code and a size code)',
        },
      ],
    ],
    [
      'a variant SKU twice',
      (r) => (variant(r, 1).sku = '810001-LD-M'),
      [{ field: 'variants[1].sku', message: 'is listed twice in this product' }],
    ],
    [
      'no variants',
      (r) => (r.variants = []),
      [{ field: 'variants', message: 'must list at least one variant' }],
    ],
    [
      'an option the store does not sell by',
      (r) => ((r.options as Record<string, unknown>[])[1]!.display_name = 'Length'),
      [
        {
          field: 'options[1].display_name',
          message: 'must be Color or Size (the options the store sells by)',
        },
        { field: 'options', message: 'must include a Size option' },
        {
          field: 'variants[0].option_values[1].option_display_name',
          message: '"Size" is not an option of this product',
        },
        {
          field: 'variants[1].option_values[1].option_display_name',
          message: '"Size" is not an option of this product',
        },
      ],
    ],
    [
      'a variant colour the options do not list',
      (r) => ((variant(r, 0).option_values as Record<string, unknown>[])[0]!.label = 'Pink'),
      [
        {
          field: 'variants[0].option_values[0].label',
          message: '"Pink" is not one of the product\'s Color values',
        },
      ],
    ],
    [
      'a variant without a size',
      (r) => (variant(r, 0).option_values = [{ option_display_name: 'Color', label: 'Lead' }]),
      [{ field: 'variants[0].option_values', message: 'must give a Size' }],
    ],
    [
      'two variants of one colour and size',
      (r) => (variant(r, 1).option_values = variant(r, 0).option_values),
      [{ field: 'variants[1].option_values', message: 'Lead / M is listed twice' }],
    ],
    [
      'pro stock above the level',
      (r) => (variant(r, 0).pro_quantity = 11),
      [{ field: 'variants[0].pro_quantity', message: 'must not be above inventory_level' }],
    ],
    [
      'a fractional stock level',
      (r) => (variant(r, 0).inventory_level = 2.5),
      [{ field: 'variants[0].inventory_level', message: 'must be a whole number' }],
    ],
    [
      'a UPC of letters',
      (r) => (variant(r, 0).upc = 'ABC'),
      [{ field: 'variants[0].upc', message: 'must be 8 or 12 to 14 digits' }],
    ],
    [
      'no gender custom field',
      (r) => (r.custom_fields = [{ name: 'product_type', value: 'jacket' }]),
      [{ field: 'custom_fields', message: 'must include gender' }],
    ],
    [
      'a product discount that is not JSON',
      (r) => ((r.custom_fields as Record<string, unknown>[])[2]!.value = '35%'),
      [
        {
          field: 'custom_fields[2].value',
          message: 'must be JSON mapping customer group names to percentages from 0 to 100',
        },
      ],
    ],
    [
      'an image with neither a file nor a URL',
      (r) => (r.images = [{ description: '{"colorName":"Lead"}' }]),
      [
        {
          field: 'images[0]',
          message: 'must give either image_file (a local file) or url_standard (a URL), not both',
        },
      ],
    ],
    [
      'an image URL of another scheme',
      (r) => (r.images = [{ url_standard: 'ftp://example.com/a.jpg', description: '{"colorName":"Lead"}' }]),
      [{ field: 'images[0].url_standard', message: 'must be an http(s) URL or a path starting with /' }],
    ],
    [
      'an image file that is not an image',
      (r) => (r.images = [{ image_file: 'notes.txt', description: '{"colorName":"Lead"}' }]),
      [
        {
          field: 'images[0].image_file',
          message: 'must be a local image file (.jpg, .png, .webp, .avif, .gif or .svg)',
        },
      ],
    ],
    [
      'an image description that is not JSON',
      (r) => (r.images = [{ url_standard: '/a.svg', description: 'front view' }]),
      [{ field: 'images[0].description', message: 'must be the image description JSON' }],
    ],
    [
      'an image of a colour the product does not have',
      (r) => (r.images = [{ url_standard: '/a.svg', description: '{"colorName":"Pink"}' }]),
      [
        {
          field: 'images[0].description.colorName',
          message: '"Pink" is not one of the product\'s Color values',
        },
      ],
    ],
    [
      'a bulk rule of an unknown type',
      (r) => (r.bulk_pricing_rules = [{ quantity_min: 2, type: 'bogo', amount: 1 }]),
      [{ field: 'bulk_pricing_rules[0].type', message: 'must be percent, fixed or price' }],
    ],
    [
      'a bulk rule whose maximum is below its minimum',
      (r) => (r.bulk_pricing_rules = [{ quantity_min: 5, quantity_max: 3, type: 'fixed', amount: 2 }]),
      [{ field: 'bulk_pricing_rules[0].quantity_max', message: 'must not be below quantity_min' }],
    ],
    [
      'a bulk rule above 100 percent',
      (r) => (r.bulk_pricing_rules = [{ quantity_min: 2, type: 'percent', amount: 120 }]),
      [{ field: 'bulk_pricing_rules[0].amount', message: 'must be at most 100 (percent)' }],
    ],
    [
      'a category that is neither an id nor a path',
      (r) => (r.categories = ['Mens']),
      [{ field: 'categories[0]', message: 'must be a category id or a path like /mens/jackets-and-vests/' }],
    ],
    [
      'a custom URL without letters',
      (r) => (r.custom_url = { url: '/--/' }),
      [{ field: 'custom_url.url', message: 'must contain letters or digits' }],
    ],
  ];

  it.each(refusals)('refuses %s', (_name, mutate, expected) => {
    const record = product();
    mutate(record);
    const result = validateRecords([record], [{ label: 'product 1' }]);
    expect(result.products).toEqual([]);
    expect(result.refusals).toEqual(
      expected.map((refusal) => ({ record: 'product 1', sku: record.sku, ...refusal })),
    );
  });

  it('refuses what is not an object, and a product or variant SKU listed twice in the file', () => {
    const second = product();
    const third = product();
    third.sku = '810002';
    variant(third, 0).sku = '810002-LD-M';
    variant(third, 1).sku = '810002-LD-L';
    const fourth = product();
    fourth.sku = '810003';
    variant(fourth, 1).sku = '810003-LD-L';
    variant(fourth, 0).sku = '810002-LD-M';
    const result = validateRecords(
      ['not a product', product(), second, third, fourth],
      ['product 1', 'product 2', 'product 3', 'product 4', 'product 5'].map((label) => ({ label })),
    );
    expect(result.refusals).toEqual([
      { record: 'product 1', sku: null, field: '', message: 'must be a product object' },
      { record: 'product 3', sku: '810001', field: 'sku', message: 'is listed twice (also product 2)' },
      {
        record: 'product 5',
        sku: '810003',
        field: 'variants[0].sku',
        message: 'must be 810003-{color}-{size} (the product SKU, a colour code and a size code)',
      },
    ]);
    expect(result.products.map((item) => item.sku)).toEqual(['810001', '810002']);
  });

  it("names a variant's own row when the record came from CSV rows", () => {
    const record = product();
    variant(record, 1).price = -5;
    const result = validateRecords([record], [{ label: 'row 2', variantLabels: ['row 2', 'row 3'] }]);
    expect(result.refusals).toEqual([
      { record: 'row 3', sku: '810001', field: 'variants[1].price', message: 'must not be negative' },
    ]);
  });
});
