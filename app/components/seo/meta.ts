import type { MetaArgs, MetaDescriptor } from '@remix-run/node';
import type { ContentImage } from '../../../server/content/public';
import type { RootData } from '../layout/root-data';

export type PageSeo = {
  /** The page's own title, put into the site's title template; omitted, the site's default title is used. */
  title?: string;
  description?: string;
  image?: ContentImage;
  /** Error and private pages. */
  noIndex?: boolean;
  /** Open Graph type: `product` on product pages, `website` otherwise. */
  type?: 'website' | 'product';
};

/** Parameters that change nothing a search engine indexes: panel flags (SPEC §2) and campaign tracking. */
const NEUTRAL_PARAMETER = /^(utm_\w+|gclid|fbclid|login|cart|create-an-account|reset-password|redirectUrl)$/;

/**
 * The canonical path of a page: the path alone, except that an unfiltered, unsorted listing past its first
 * page keeps `?page=N` (each page lists other products). A filtered or sorted view, whatever its page, points
 * to the bare listing; a product's `?size=` points to the product page; an `/all/` listing points to its parent.
 */
export function canonicalPath(path: string, search: string): string {
  // A `/…/all/` listing shows its parent's products: the parent is the one canonical URL (issue 9 §9).
  const pathname = /^\/.+\/all\/?$/.test(path) ? path.replace(/all\/?$/, '') : path;
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const others = [...params.keys()].filter((name) => name !== 'page' && !NEUTRAL_PARAMETER.test(name));
  return others.length === 0 && Number.isInteger(page) && page > 1 ? `${pathname}?page=${page}` : pathname;
}

/**
 * Meta tags of a page from the SEO defaults of `content/seo.json` and the page's own values. Remix uses
 * the deepest route's `meta` alone, so every route that exports `meta` builds the whole set with this:
 * `export const meta: MetaFunction = (args) => pageMeta(args, { title: category.name })`.
 * The canonical URL is the path without its query, except a listing's page number (see `canonicalPath`).
 */
export function pageMeta(args: Pick<MetaArgs, 'matches' | 'location'>, page: PageSeo = {}): MetaDescriptor[] {
  const root = args.matches.find((match) => match.id === 'root')?.data as RootData | undefined;
  if (!root) return page.title ? [{ title: page.title }] : [];
  const { seo, siteUrl } = root;
  const title = page.title ? seo.titleTemplate.replace('%s', page.title) : seo.defaultTitle;
  const description = page.description ?? seo.description;
  const image = page.image ?? seo.ogImage;
  const url = new URL(canonicalPath(args.location.pathname, args.location.search), siteUrl).href;
  const imageUrl = new URL(image.src, siteUrl).href;
  return [
    { title },
    { name: 'description', content: description },
    ...(page.noIndex
      ? [{ name: 'robots', content: 'noindex' }]
      : [{ tagName: 'link', rel: 'canonical', href: url }]),
    { property: 'og:site_name', content: seo.siteName },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:locale', content: seo.locale },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:width', content: String(image.width) },
    { property: 'og:image:height', content: String(image.height) },
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
    { name: 'twitter:image:alt', content: image.alt },
  ];
}
