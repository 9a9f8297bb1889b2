import type { MetaArgs } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import type { RootData } from '../layout/root-data';
import { pageMeta } from './meta';

const seo: RootData['seo'] = {
  siteName: 'Cairn Outdoor',
  titleTemplate: '%s | Cairn Outdoor',
  defaultTitle: 'Cairn Outdoor | Hunting Apparel',
  description: 'Hunting apparel and gear.',
  ogImage: { src: '/brand/og-default.jpg', alt: 'Ridges at sunrise', width: 1200, height: 630 },
  locale: 'en_US',
};

function args(pathname: string, root: Partial<RootData> | undefined): Pick<MetaArgs, 'matches' | 'location'> {
  const matches = root ? [{ id: 'root', data: root }] : [];
  return {
    matches: matches as unknown as MetaArgs['matches'],
    location: { pathname, search: '?sort=price', hash: '', state: null, key: 'default' },
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
