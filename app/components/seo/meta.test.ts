import type { MetaArgs } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import type { RootData } from '../layout/root-data';
import { canonicalPath, pageMeta } from './meta';

const seo: RootData['seo'] = {
  siteName: 'Cairn Outdoor',
  titleTemplate: '%s | Cairn Outdoor',
  defaultTitle: 'Cairn Outdoor | Hunting Apparel',
  description: 'Hunting apparel and gear.',
  ogImage: { src: '/brand/og-default.jpg', alt: 'Ridges at sunrise', width: 1200, height: 630 },
  locale: 'en_US',
};

function args(
  pathname: string,
  root: Partial<RootData> | undefined,
  search = '?sort=price',
): Pick<MetaArgs, 'matches' | 'location'> {
  const matches = root ? [{ id: 'root', data: root }] : [];
  return {
    matches: matches as unknown as MetaArgs['matches'],
    location: { pathname, search, hash: '', state: null, key: 'default' },
  };
}

const byKey = (tags: ReturnType<typeof pageMeta>) =>
  Object.fromEntries(
    tags.map((tag) => {
      const record = tag as Record<string, string>;
      const key = record.title !== undefined ? 'title' : (record.property ?? record.name ?? record.rel);
      return [key, record.title ?? record.content ?? record.href];
    }),
  );

describe('pageMeta', () => {
  const root = { seo, siteUrl: 'https://shop.example.com' };

  it('uses the site defaults on the home page', () => {
    const tags = byKey(pageMeta(args('/', root)));
    expect(tags).toMatchObject({
      title: 'Cairn Outdoor | Hunting Apparel',
      description: 'Hunting apparel and gear.',
      canonical: 'https://shop.example.com/',
      'og:image': 'https://shop.example.com/brand/og-default.jpg',
      'og:site_name': 'Cairn Outdoor',
      'twitter:card': 'summary_large_image',
    });
  });

  it("puts a page's title into the template and drops the query from the canonical URL", () => {
    const tags = byKey(pageMeta(args('/mens/', root), { title: 'Mens', description: 'Layers for him.' }));
    expect(tags).toMatchObject({
      title: 'Mens | Cairn Outdoor',
      'og:title': 'Mens | Cairn Outdoor',
      description: 'Layers for him.',
      canonical: 'https://shop.example.com/mens/',
      'og:url': 'https://shop.example.com/mens/',
    });
  });

  it('gives product pages og:type product and a full Twitter card', () => {
    const image = { src: '/images/p.svg', alt: 'A jacket', width: 800, height: 600 };
    const tags = byKey(
      pageMeta(args('/products/apex-bib/Lead', root, '?size=M'), {
        title: 'Apex Bib in Lead',
        type: 'product',
        image,
      }),
    );
    expect(tags).toMatchObject({
      'og:type': 'product',
      canonical: 'https://shop.example.com/products/apex-bib/Lead',
      'og:image': 'https://shop.example.com/images/p.svg',
      'twitter:title': 'Apex Bib in Lead | Cairn Outdoor',
      'twitter:image': 'https://shop.example.com/images/p.svg',
      'twitter:image:alt': 'A jacket',
    });
  });

  it('keeps the page number of a paged listing in its canonical URL', () => {
    const tags = byKey(pageMeta(args('/mens/', root, '?page=3&utm_source=mail'), { title: 'Mens' }));
    expect(tags.canonical).toBe('https://shop.example.com/mens/?page=3');
    expect(tags['og:url']).toBe('https://shop.example.com/mens/?page=3');
  });

  it('marks error pages noindex, without a canonical URL', () => {
    const tags = byKey(pageMeta(args('/nope/', root), { title: 'Page not found', noIndex: true }));
    expect(tags.robots).toBe('noindex');
    expect(tags.canonical).toBeUndefined();
  });

  it('falls back to the bare title when the root data is missing', () => {
    expect(pageMeta(args('/nope/', undefined), { title: 'Page not found' })).toEqual([
      { title: 'Page not found' },
    ]);
    expect(pageMeta(args('/', undefined))).toEqual([]);
  });
});

describe('canonicalPath', () => {
  it.each([
    ['/mens/', '', '/mens/'],
    ['/mens/', '?page=1', '/mens/'],
    ['/mens/', '?page=2', '/mens/?page=2'],
    ['/mens/', '?color=Lead&page=4', '/mens/'],
    ['/mens/', '?page=4&sort=newest', '/mens/'],
    ['/mens/', '?page=4&utm_source=mail&cart=true', '/mens/?page=4'],
    ['/mens/', '?page=abc', '/mens/'],
    ['/mens/', '?page=2.5', '/mens/'],
    ['/mens/', '?page=-3', '/mens/'],
    ['/products/apex-bib/Lead', '?size=M', '/products/apex-bib/Lead'],
    ['/', '?login=true', '/'],
    ['/mens/jackets-and-vests/all/', '', '/mens/jackets-and-vests/'],
    ['/mens/jackets-and-vests/all', '', '/mens/jackets-and-vests/'],
    ['/mens/all/', '?page=2', '/mens/?page=2'],
    ['/all/', '', '/all/'],
  ])('%s%s → %s', (pathname, search, expected) => {
    expect(canonicalPath(pathname, search)).toBe(expected);
  });
});
