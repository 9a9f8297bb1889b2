import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  formatIssues,
  giftCardSchema,
  homeSchema,
  navigationSchema,
  promobarSchema,
  seoSchema,
  socialSchema,
} from './schema';

const image = { src: '/brand/tiles/mens.svg', alt: '', width: 480, height: 320 };

type MenuDocument = z.input<typeof navigationSchema>;

const menu = (): MenuDocument => ({
  items: [
    {
      title: 'Mens',
      slug: 'mens',
      url: '/mens/',
      navigationTreePath: 'mens',
      parentTreePath: null,
      mobileOrder: 1,
      itemsCollection: {
        items: [
          {
            title: 'Jackets & Vests',
            slug: 'jackets-and-vests',
            url: '/mens/jackets-and-vests/',
            navigationTreePath: 'mens/jackets-and-vests',
            parentTreePath: 'mens',
            itemsCollection: {
              items: [
                {
                  title: 'Rain Jackets',
                  slug: 'rain-jackets',
                  url: '/mens/jackets-and-vests/rain-jackets/',
                  navigationTreePath: 'mens/jackets-and-vests/rain-jackets',
                  parentTreePath: 'mens/jackets-and-vests',
                },
              ],
            },
          },
        ],
      },
      cta: {
        image,
        title: 'Built for the high country',
        description: 'Layers for elk camp.',
        linkTitle: 'Shop',
        linkUrl: '/mens/jackets-and-vests/',
      },
      linkGroups: [{ title: 'Featured', links: [{ title: 'Sale', url: '/sale/mens/', icon: 'badge' }] }],
    },
    {
      title: 'Gift Ideas',
      slug: 'gift-ideas',
      url: '/gift-ideas/',
      navigationTreePath: 'gift-ideas',
      parentTreePath: null,
      mobileOnly: true,
    },
  ],
});

/** The "path: message" lines of a failed parse. */
function issuesOf(result: { success: boolean; error?: Parameters<typeof formatIssues>[0] }): string[] {
  expect(result.success).toBe(false);
  return formatIssues(result.error!);
}

describe('navigation schema', () => {
  it('parses a menu and fills the defaults of optional fields', () => {
    const parsed = navigationSchema.parse(menu());
    const [mens, gifts] = parsed.items;
    expect(mens?.itemsCollection.items[0]?.itemsCollection.items[0]?.title).toBe('Rain Jackets');
    expect(mens?.mobileOnly).toBe(false);
    expect(gifts).toMatchObject({
      mobileOnly: true,
      mobileOrder: 0,
      linkGroups: [],
      itemsCollection: { items: [] },
    });
  });

  it.each([
    [
      'a missing title',
      (doc: MenuDocument) => void delete (doc.items[0] as { title?: string }).title,
      'items.0.title: Required',
    ],
    [
      'a URL that is not a site path',
      (doc: MenuDocument) => void (doc.items[1]!.url = 'gift-ideas/'),
      'items.1.url: must be a site path starting with "/" (no spaces)',
    ],
    [
      'a child whose parentTreePath is not its parent',
      (doc: MenuDocument) => void (doc.items[0]!.itemsCollection!.items[0]!.parentTreePath = 'womens'),
      'items.0.itemsCollection.items.0.parentTreePath: must be "mens" (the parent\'s navigationTreePath)',
    ],
    [
      'a navigationTreePath that does not end in the slug',
      (doc: MenuDocument) =>
        void (doc.items[0]!.itemsCollection!.items[0]!.navigationTreePath = 'mens/jackets'),
      'items.0.itemsCollection.items.0.navigationTreePath: must be "mens/jackets-and-vests" (the parent\'s path and this item\'s slug)',
    ],
    [
      'an icon the app cannot draw',
      (doc: MenuDocument) =>
        void ((doc.items[0]!.linkGroups![0]!.links[0] as { icon: string }).icon = 'rocket'),
      'items.0.linkGroups.0.links.0.icon',
    ],
    [
      'an image outside public/',
      (doc: MenuDocument) =>
        void (doc.items[0]!.cta!.image = { ...image, src: 'https://cdn.example.com/a.png' }),
      'items.0.cta.image.src: must be a path under public/ such as "/brand/hero.svg"',
    ],
    [
      'an unknown field (a typo)',
      (doc: MenuDocument) => void ((doc.items[1] as Record<string, unknown>).mobileonly = true),
      "items.1: Unrecognized key(s) in object: 'mobileonly'",
    ],
  ])('names the field of %s', (_case, breakIt, expected) => {
    const doc = menu();
    breakIt(doc);
    expect(issuesOf(navigationSchema.safeParse(doc)).join('\n')).toContain(expected);
  });

  it('refuses a fourth level and twice the same slug among siblings', () => {
    const doc = menu();
    const rain = doc.items[0]!.itemsCollection!.items[0]!.itemsCollection!.items[0]! as Record<
      string,
      unknown
    >;
    rain.itemsCollection = {
      items: [
        {
          title: 'Too deep',
          slug: 'too-deep',
          url: '/mens/too-deep/',
          navigationTreePath: 'mens/jackets-and-vests/rain-jackets/too-deep',
          parentTreePath: 'mens/jackets-and-vests/rain-jackets',
        },
      ],
    };
    doc.items[1]!.slug = 'mens';
    doc.items[1]!.navigationTreePath = 'mens';
    expect(issuesOf(navigationSchema.safeParse(doc))).toEqual([
      'items.0.itemsCollection.items.0.itemsCollection.items.0.itemsCollection.items: the menu is at most 3 levels deep',
      'items.1.slug: "mens" is used twice here',
    ]);
  });
});

describe('other documents', () => {
  it('accepts site paths and https URLs as promo links, and nothing else', () => {
    const item = {
      title: 'Free shipping',
      description: 'Over $99.',
      image,
      linkTitle: 'Shop',
      linkUrl: '/new-arrivals/',
    };
    expect(promobarSchema.safeParse({ rotatingTexts: ['Free shipping'], items: [item] }).success).toBe(true);
    for (const linkUrl of ['https://example.com/offers', '/sale/?sort=price']) {
      expect(promobarSchema.safeParse({ rotatingTexts: ['x'], items: [{ ...item, linkUrl }] }).success).toBe(
        true,
      );
    }
    for (const linkUrl of ['//evil.example.com', 'javascript:alert(1)', 'http://example.com', 'sale/']) {
      expect(
        issuesOf(promobarSchema.safeParse({ rotatingTexts: ['x'], items: [{ ...item, linkUrl }] })),
      ).toEqual(['items.0.linkUrl: must be a site path starting with "/" or an https:// URL']);
    }
  });

  it('needs at least one rotating text', () => {
    expect(issuesOf(promobarSchema.safeParse({ rotatingTexts: [], items: [] }))).toEqual([
      'rotatingTexts: must hold at least one text',
    ]);
  });

  it('needs %s in the title template and a known social platform', () => {
    const seo = {
      siteName: 'Cairn Outdoor',
      titleTemplate: 'Cairn Outdoor',
      defaultTitle: 'Cairn Outdoor',
      description: 'Hunting apparel.',
      ogImage: image,
      locale: 'en_US',
    };
    expect(issuesOf(seoSchema.safeParse(seo))).toEqual(['titleTemplate: must contain "%s"']);
    const social = { links: [{ platform: 'myspace', url: 'https://myspace.com/x', label: 'MySpace' }] };
    expect(issuesOf(socialSchema.safeParse(social))[0]).toMatch(/^links\.0\.platform: Invalid enum value/);
  });

  it('refuses a blank heading on the home page', () => {
    const home = {
      hero: { heading: ' ', text: 'Go.', image, cta: { title: 'Shop', url: '/new-arrivals/' } },
      categoryTiles: {
        heading: 'Shop',
        tiles: [{ title: 'Mens', description: 'Layers', url: '/mens/', image }],
      },
      story: {
        heading: 'Story',
        paragraphs: ['One.'],
        image,
        link: { title: 'More', url: '/warranties/repair' },
      },
    };
    expect(issuesOf(homeSchema.safeParse(home))).toEqual(['hero.heading: must not be empty']);
  });
});

describe('giftCardSchema (SPEC §3 gift card content model)', () => {
  const model = { minAmount: 25, maxAmount: 500, maxPerCart: 5 };
  it('accepts whole-dollar amounts with the minimum not above the maximum', () => {
    expect(giftCardSchema.parse(model)).toEqual(model);
    expect(giftCardSchema.parse({ minAmount: 50, maxAmount: 50, maxPerCart: 1 })).toEqual({
      minAmount: 50,
      maxAmount: 50,
      maxPerCart: 1,
    });
  });
  it.each([
    ['a fractional amount', { ...model, minAmount: 25.5 }, 'minAmount: must be a whole number of dollars'],
    ['a zero minimum', { ...model, minAmount: 0 }, 'minAmount: must be at least $1'],
    ['a minimum above the maximum', { ...model, minAmount: 501 }, 'maxAmount: must not be below minAmount'],
    ['no gift card per cart', { ...model, maxPerCart: 0 }, 'maxPerCart: must be at least 1'],
    ['a missing field', { minAmount: 25, maxAmount: 500 }, 'maxPerCart: Required'],
    [
      'an unknown field',
      { ...model, currency: 'USD' },
      "(document): Unrecognized key(s) in object: 'currency'",
    ],
  ])('refuses %s', (_name, document, issue) => {
    const result = giftCardSchema.safeParse(document);
    expect(result.success).toBe(false);
    if (!result.success) expect(formatIssues(result.error)).toContain(issue);
  });
});
