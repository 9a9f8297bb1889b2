import { describe, expect, test } from 'vitest';
import { generateSeedData } from './generate';

/**
 * Product and category copy (issue 24 §12) over the default seed: it reads as written per product, not as one
 * template ("… is a rain jacket in 4 colorways. Built for elk, whitetail, … hunts"; "Shop Mens Rain Jackets: outdoor
 * and hunting apparel and gear."). The expectations are the test's own: which material a product is made of is read
 * from its name and type here, not from the copy module.
 */
const data = generateSeedData();
const field = (productId: number, name: string) =>
  data.productCustomFields.find((row) => row.productId === productId && row.name === name)?.value;

const blocks = (description: string) => description.split(/\n\s*\n/);
const care = (description: string) => blocks(description).find((block) => block.startsWith('Care\n')) ?? '';

describe('product descriptions', () => {
  test('none carries the old template', () => {
    for (const product of data.products) {
      expect(product.description, product.name).not.toMatch(/colorways?\b/i);
      expect(product.description, product.name).not.toMatch(/Built for [^.]* hunts/);
      expect(product.description, product.name).not.toMatch(/Made for everyday wear/);
    }
  });

  test('each has a lead paragraph naming the product, 4 to 5 features and care', () => {
    for (const product of data.products) {
      const [lead, features, careBlock, ...rest] = blocks(product.description);
      expect(rest, product.name).toEqual([]);
      expect(lead, product.name).toContain(product.name);
      expect(lead!.length, product.name).toBeGreaterThan(200);
      const [title, ...items] = features!.split('\n');
      expect(title).toBe('Features');
      expect(items.length, product.name).toBeGreaterThanOrEqual(4);
      expect(items.length, product.name).toBeLessThanOrEqual(5);
      for (const item of items) expect(item).toMatch(/^- [A-Z0-9]/);
      expect(careBlock, product.name).toMatch(/^Care\n[A-Z].{80,}/);
    }
  });

  test('no two products of a type read alike: their leads differ even with the name taken out', () => {
    const byType = new Map<string, Map<string, string>>();
    for (const product of data.products) {
      const lead = blocks(product.description)[0]!.replaceAll(product.name, 'NAME');
      const seen = byType.get(product.productType) ?? new Map<string, string>();
      expect(seen.get(lead), `${product.name} reads like ${seen.get(lead)}`).toBeUndefined();
      seen.set(lead, product.name);
      byType.set(product.productType, seen);
    }
    // Features are drawn, not fixed: products of one type do not all list the same ones.
    for (const type of byType.keys()) {
      const lists = new Set(
        data.products.filter((p) => p.productType === type).map((p) => blocks(p.description)[1]),
      );
      expect(lists.size, type).toBeGreaterThan(1);
    }
  });

  test('care follows the material', () => {
    const expectations: [what: string, matches: (name: string, type: string) => boolean, care: RegExp][] = [
      ['rain shells', (name) => /Rain (Jacket|Shell|Pant|Bib)|Storm (Jacket|Pant)/.test(name), /waterproof/i],
      ['down', (name, type) => /\bDown\b/.test(name) && type !== 'glove', /down-specific|for down|of down/i],
      [
        'synthetic fill',
        (name, type) => type === 'jacket' && /Parka|Insulated/.test(name),
        /synthetic insulation/i,
      ],
      ['merino baselayers', (_name, type) => type === 'baselayer', /wool/i],
      ['fleece hoodies', (_name, type) => type === 'hoody', /fleece/i],
      ['leather boots', (_name, type) => type === 'boot', /leather/i],
      ['gloves', (_name, type) => type === 'glove', /leather palm/i],
      ['packs', (_name, type) => type === 'pack', /pack/i],
      ['waders', (_name, type) => type === 'wader', /neoprene/i],
    ];
    for (const [what, matches, expected] of expectations) {
      const products = data.products.filter((product) => matches(product.name, product.productType));
      expect(products.length, what).toBeGreaterThan(0);
      for (const product of products) expect(care(product.description), product.name).toMatch(expected);
    }
    // Merino and down never go through a hot dryer; nothing but down is dried with tennis balls.
    for (const product of data.products) {
      const text = care(product.description);
      if (product.productType === 'baselayer')
        expect(text, product.name).toMatch(/no tumble drying|skip the dryer/i);
      if (!/\bDown\b/.test(product.name)) expect(text, product.name).not.toMatch(/tennis balls|dryer balls/);
    }
  });

  test('names no technology the product does not carry', () => {
    const technologies: [badge: string, inCopy: RegExp][] = [
      ['Gore-Tex', /GORE-TEX/],
      ['PrimaLoft', /PrimaLoft/],
      ['Polartec', /Polartec/],
      ['Polygiene', /Polygiene/],
      ['Insect Shield', /Insect Shield/],
      ['WindStopper by GORE Labs', /WindStopper/],
      ['Aerolite Collection', /Aerolite/],
    ];
    for (const product of data.products) {
      const badges = (field(product.id, 'technology_badges') ?? '').split(',');
      for (const [badge, inCopy] of technologies)
        if (inCopy.test(product.description)) expect(badges, `${product.name}: ${badge}`).toContain(badge);
    }
  });

  test('says whom it is cut for: women’s apparel for women, youth apparel for young hunters', () => {
    const apparel = ['jacket', 'vest', 'pant', 'bib', 'shirt', 'hoody', 'baselayer'];
    for (const product of data.products.filter((p) => apparel.includes(p.productType))) {
      const lead = blocks(product.description)[0]!;
      if (product.gender === 'Womens') expect(lead, product.name).toMatch(/women’s|for women/);
      if (product.gender === 'Youth') expect(lead, product.name).toMatch(/young hunters|Youth sizes/);
      if (product.gender === 'Mens') expect(lead, product.name).toMatch(/for men|men’s fit/);
    }
  });
});

describe('category descriptions', () => {
  test('carry no generic template and no two are alike', () => {
    for (const category of data.categories) {
      expect(category.description, category.url).not.toMatch(/outdoor and hunting apparel and gear/);
      expect(category.description, category.url).not.toMatch(/^Shop (Mens|Womens|Youth) /);
      expect(category.description.length, category.url).toBeGreaterThan(40);
    }
    const descriptions = data.categories.map((category) => category.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    expect(
      data.categories.find((category) => category.url === '/mens/jackets-and-vests/rain-jackets/')
        ?.description,
    ).toBe(
      'Rain jackets with waterproof, breathable membranes and taped seams, light enough to carry every day. Shown here in men’s sizes.',
    );
  });
});
