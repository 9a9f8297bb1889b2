import { describe, expect, it } from 'vitest';
import { colorGallery, type ImageRecord } from './images';

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
