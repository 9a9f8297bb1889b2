/**
 * A generated catalogue import file of any size (issue 25 §3: "a generated 10,000-product file"), in the JSON shape
 * of examples/catalogue.example.json: SKUs 900000 + n (outside the seed's 600000–699999), two colours and three
 * sizes each (six variants with stock), two image URLs, the required custom fields, a category path, a bulk rule on
 * every tenth. Deterministic: product n is the same whatever the count. Used by the integration test and by
 * scripts/bench-import.ts.
 */
import fs from 'node:fs';
import path from 'node:path';

const COLOURS = [
  ['Lead', 'LD', '#5a5d5c'],
  ['Sitka Black', 'BLK', '#1f1f1f'],
  ['Covert', 'CVT', '#5b5a45'],
  ['Earth', 'ERT', '#6f5a42'],
] as const;
const SIZES = ['S', 'M', 'L'] as const;
const KINDS = [
  ['Jacket', 'jacket', 'Mens', '/mens/jackets-and-vests/'],
  ['Vest', 'vest', 'Womens', '/womens/'],
  ['Pack', 'pack', 'Unisex', '/gear/packs/'],
  ['Beanie', 'hat', 'Unisex', '/gear/hats/'],
] as const;
const WORDS = [
  'Ridge',
  'Basin',
  'Talus',
  'Cirque',
  'Scree',
  'Cornice',
  'Saddle',
  'Couloir',
  'Tarn',
  'Moraine',
];

export const GENERATED_SKU_BASE = 900_000;

export function generatedProduct(n: number): Record<string, unknown> {
  const sku = String(GENERATED_SKU_BASE + n);
  const [kindName, type, gender, category] = KINDS[n % KINDS.length]!;
  const name = `${WORDS[n % WORDS.length]} ${WORDS[Math.floor(n / WORDS.length) % WORDS.length]} ${kindName} ${n}`;
  const colours = [COLOURS[n % COLOURS.length]!, COLOURS[(n + 1) % COLOURS.length]!];
  const price = 49 + (n % 300);
  return {
    sku,
    name,
    description: `The ${name} is a generated product for the import tests.`,
    price,
    sale_price: n % 7 === 0 ? price - 10 : 0,
    categories: [category],
    options: [
      {
        display_name: 'Color',
        option_values: colours.map(([label, , hex], index) => ({
          label,
          sort_order: index,
          is_default: index === 0,
          value_data: { colors: [hex] },
        })),
      },
      { display_name: 'Size', option_values: SIZES.map((label, index) => ({ label, sort_order: index })) },
    ],
    variants: colours.flatMap(([label, code]) =>
      SIZES.map((size, index) => ({
        sku: `${sku}-${code}-${size}`,
        inventory_level: 1 + ((n + index) % 20),
        pro_quantity: index === 0 ? 1 : 0,
        option_values: [
          { option_display_name: 'Color', label },
          { option_display_name: 'Size', label: size },
        ],
      })),
    ),
    custom_fields: [
      { name: 'gender', value: gender },
      { name: 'product_type', value: type },
      { name: 'exclude_pro_discount', value: 'false' },
    ],
    images: colours.map(([label, code], index) => ({
      url_standard: `/images/catalogue/${type === 'hat' ? 'beanie' : type}/${code.toLowerCase()}-front.svg`,
      is_thumbnail: index === 0,
      sort_order: index,
      description: JSON.stringify({ colorName: label, colorCode: code, number: 1, default: true }),
    })),
    bulk_pricing_rules:
      n % 10 === 0 ? [{ quantity_min: 3, quantity_max: 0, type: 'percent', amount: 5 }] : [],
  };
}

/** Writes `{ "data": [...] }` with `count` products to `dir/name`, streaming (a 10,000-product file is ~25 MB). */
export function writeGeneratedCatalogue(
  dir: string,
  count: number,
  name = `catalogue-${count}.json`,
): string {
  const file = path.join(dir, name);
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, '{"data":[\n');
    for (let n = 0; n < count; n++) {
      fs.writeSync(fd, `${n > 0 ? ',\n' : ''}${JSON.stringify(generatedProduct(n))}`);
    }
    fs.writeSync(fd, '\n]}\n');
  } finally {
    fs.closeSync(fd);
  }
  return file;
}
