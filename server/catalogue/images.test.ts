import { describe, expect, it } from 'vitest';
import {
  colorGallery,
  galleryImages,
  imageSizes,
  imageSrcSet,
  imageUrl,
  lifestyleImages,
  type ImageRecord,
} from './images';
import type { CatalogueImage } from './types';

const image = (
  url: string,
  description: Partial<ImageRecord['description']>,
  extra: Partial<ImageRecord> = {},
): ImageRecord => ({
  url,
  width: 800,
  height: 1000,
  sortOrder: 0,
  isThumbnail: false,
  description: {
    colorName: 'Lead',
    colorCode: 'LD',
    number: 1,
    isModel: false,
    default: false,
    islifestyle: false,
    ...description,
  },
  ...extra,
});

const images: ImageRecord[] = [
  image('/sub-2.webp', { colorName: 'Optifade Subalpine', colorCode: 'SUB', number: 2 }, { sortOrder: 1 }),
  image(
    '/sub-1.webp',
    { colorName: 'Optifade Subalpine', colorCode: 'SUB', number: 1, default: true },
    { sortOrder: 2 },
  ),
  image(
    '/sub-3.webp',
    { colorName: 'Optifade Subalpine', colorCode: 'SUB', number: 3, islifestyle: true },
    { sortOrder: 3 },
  ),
  image(
    '/ld-1.webp',
    { colorName: 'Lead', colorCode: 'LD', default: true, isModel: true },
    { sortOrder: 4, isThumbnail: true },
  ),
];

describe('colorGallery', () => {
  it.each([
    [
      'by colour name, any case',
      { label: 'optifade subalpine', code: null },
      ['/sub-1.webp', '/sub-2.webp', '/sub-3.webp'],
    ],
    [
      'by colour code',
      { label: 'Renamed Subalpine', code: 'SUB' },
      ['/sub-1.webp', '/sub-2.webp', '/sub-3.webp'],
    ],
    ['one image', { label: 'Lead', code: 'LD' }, ['/ld-1.webp']],
    ['the thumbnail for a colour without images', { label: 'Covert', code: 'CVT' }, ['/ld-1.webp']],
  ])('selects %s, default first', (_case, color, urls) => {
    expect(colorGallery('Mountain Pant', images, color).map((shown) => shown.url)).toEqual(urls);
  });

  it('describes each image for its alt text', () => {
    expect(
      colorGallery('Mountain Pant', images, { label: 'Optifade Subalpine', code: 'SUB' }).map(
        (shown) => shown.alt,
      ),
    ).toEqual([
      'Mountain Pant in Optifade Subalpine',
      'Mountain Pant in Optifade Subalpine, view 2',
      'Mountain Pant in Optifade Subalpine, out in the field',
    ]);
    expect(colorGallery('Mountain Pant', images, { label: 'Lead', code: 'LD' })[0]).toEqual({
      url: '/ld-1.webp',
      alt: 'Mountain Pant in Lead, worn by a model',
      width: 800,
      height: 1000,
    });
  });

  it('is empty for a product without images', () => {
    expect(colorGallery('Mountain Pant', [], { label: 'Lead', code: 'LD' })).toEqual([]);
  });
});

describe('lifestyleImages', () => {
  const sub = { label: 'Optifade Subalpine', code: 'SUB' };
  const shots: ImageRecord[] = [
    image(
      '/sub-front.svg',
      { colorName: 'Optifade Subalpine', colorCode: 'SUB', default: true },
      { sortOrder: 0 },
    ),
    image(
      '/sub-life-2.svg',
      { colorName: 'Optifade Subalpine', colorCode: 'SUB', number: 5, islifestyle: true },
      { sortOrder: 4 },
    ),
    image(
      '/sub-life-1.svg',
      { colorName: 'Optifade Subalpine', colorCode: 'SUB', number: 4, islifestyle: true },
      { sortOrder: 3 },
    ),
    image(
      '/ld-life-1.svg',
      { colorName: 'Lead', colorCode: 'LD', number: 4, islifestyle: true },
      { sortOrder: 8 },
    ),
    image(
      '/ld-life-2.svg',
      { colorName: 'Lead', colorCode: 'LD', number: 5, islifestyle: true },
      { sortOrder: 9 },
    ),
    image('/ld-front.svg', { colorName: 'Lead', colorCode: 'LD', default: true }, { sortOrder: 5 }),
  ];

  it.each<[string, ImageRecord[], { label: string; code: string | null }, string[]]>([
    ['the colour’s own two, by position', shots, sub, ['/sub-life-1.svg', '/sub-life-2.svg']],
    [
      'matched by label without a code',
      shots,
      { label: 'lead', code: null },
      ['/ld-life-1.svg', '/ld-life-2.svg'],
    ],
    [
      'filled in from other colours',
      shots.filter((shot) => shot.url !== '/sub-life-2.svg'),
      sub,
      ['/sub-life-1.svg', '/ld-life-1.svg'],
    ],
    ['only other colours', shots, { label: 'Timber', code: 'TMB' }, ['/sub-life-1.svg', '/sub-life-2.svg']],
    ['none without lifestyle images', shots.filter((shot) => !shot.description.islifestyle), sub, []],
    [
      'one when the product has one',
      shots.filter((shot) => shot.url === '/ld-life-2.svg'),
      sub,
      ['/ld-life-2.svg'],
    ],
  ])('%s', (_name, records, color, urls) => {
    expect(lifestyleImages('Hoody', records, color).map((shown) => shown.url)).toEqual(urls);
  });

  it('names the colour each lifestyle image shows', () => {
    const shown = lifestyleImages(
      'Hoody',
      shots.filter((shot) => shot.url.startsWith('/ld-life-1')),
      sub,
    );
    expect(shown[0]?.alt).toBe('Hoody in Lead, out in the field');
  });

  it('gives each of the two its own alt text', () => {
    expect(lifestyleImages('Hoody', shots, sub).map((shown) => shown.alt)).toEqual([
      'Hoody in Optifade Subalpine, out in the field',
      'Hoody in Optifade Subalpine, out in the field, view 2',
    ]);
  });

  it('names the scene when the description has one', () => {
    const scenes = shots.map((shot) =>
      shot.url === '/sub-life-1.svg'
        ? { ...shot, description: { ...shot.description, scene: 'in the timber' } }
        : shot.url === '/sub-life-2.svg'
          ? { ...shot, description: { ...shot.description, scene: 'in fresh snow' } }
          : shot,
    );
    expect(lifestyleImages('Hoody', scenes, sub).map((shown) => shown.alt)).toEqual([
      'Hoody in Optifade Subalpine, in the timber',
      'Hoody in Optifade Subalpine, in fresh snow',
    ]);
    expect(colorGallery('Hoody', scenes, sub).map((shown) => shown.alt)).toEqual([
      'Hoody in Optifade Subalpine',
      'Hoody in Optifade Subalpine, in the timber',
      'Hoody in Optifade Subalpine, in fresh snow',
    ]);
  });
});

describe('galleryImages (even on the 2-up grid)', () => {
  const shot = (url: string): CatalogueImage => ({ url, alt: url, width: 800, height: 1000 });
  const [front, back, detail, life1, life2] = ['/front', '/back', '/detail', '/life-1', '/life-2'].map(
    shot,
  ) as [CatalogueImage, CatalogueImage, CatalogueImage, CatalogueImage, CatalogueImage];

  it.each<[string, CatalogueImage[], CatalogueImage[], string[]]>([
    [
      'studio views, then lifestyle',
      [front, back, life1, life2],
      [life1, life2],
      ['/front', '/back', '/life-1', '/life-2'],
    ],
    [
      'three studio views lose the last',
      [front, back, detail, life1, life2],
      [life1, life2],
      ['/front', '/back', '/life-1', '/life-2'],
    ],
    ['one studio view and one lifestyle image', [front], [life1], ['/front', '/life-1']],
    [
      'one studio view and two lifestyle images lose the last lifestyle one',
      [front],
      [life1, life2],
      ['/front', '/life-1'],
    ],
    ['a lone image stays', [front], [], ['/front']],
    ['nothing', [], [], []],
  ])('%s', (_name, images, lifestyle, urls) => {
    expect(galleryImages(images, lifestyle).map((image) => image.url)).toEqual(urls);
  });
});

describe('image URLs, srcset and sizes', () => {
  it.each<[string, number, number | undefined, string]>([
    ['/images/a.svg', 280, undefined, '/images/a.svg?w=280&q=75'],
    ['/images/a.svg', 1536, 60, '/images/a.svg?w=1536&q=60'],
    ['/images/a.svg?v=3', 640, undefined, '/images/a.svg?v=3&w=640&q=75'],
    ['/images/a.svg?w=9&q=1', 768, undefined, '/images/a.svg?w=768&q=75'],
  ])('imageUrl(%j, %i, %j) → %j', (url, width, quality, expected) => {
    expect(imageUrl(url, width, quality)).toBe(expected);
  });

  it('builds a srcset from the theme widths, smallest first', () => {
    expect(imageSrcSet('/a.svg', [640, 280, 640, 1536])).toBe(
      '/a.svg?w=280&q=75 280w, /a.svg?w=640&q=75 640w, /a.svg?w=1536&q=75 1536w',
    );
  });

  it.each<[ReadonlyArray<readonly [number, string]>, string, string]>([
    [[], '100vw', '100vw'],
    [
      [
        [768, '50vw'],
        [1024, '30vw'],
      ],
      '88vw',
      '(min-width: 1024px) 30vw, (min-width: 768px) 50vw, 88vw',
    ],
  ])('imageSizes(%j, %j) → %j', (from, base, sizes) => {
    expect(imageSizes(from, base)).toBe(sizes);
  });
});
