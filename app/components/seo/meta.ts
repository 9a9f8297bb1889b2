import type { MetaArgs, MetaDescriptor } from '@remix-run/node';
import type { ContentImage } from '../../../server/content/schema';
import type { RootData } from '../layout/root-data';

export type PageSeo = {
  /** The page's own title, put into the site's title template; omitted, the site's default title is used. */
  title?: string;
  description?: string;
  image?: ContentImage;
  /** Error and private pages. */
  noIndex?: boolean;
};

/**
 * Meta tags of a page from the SEO defaults of `content/seo.json` and the page's own values. Remix uses
 * the deepest route's `meta` alone, so every route that exports `meta` builds the whole set with this:
 * `export const meta: MetaFunction = (args) => pageMeta(args, { title: category.name })`.
 * The canonical URL is the path without its query (filters and sorting are variants of one page).
 */
export function pageMeta(args: Pick<MetaArgs, 'matches' | 'location'>, page: PageSeo = {}): MetaDescriptor[] {
  const root = args.matches.find((match) => match.id === 'root')?.data as RootData | undefined;
  if (!root) return page.title ? [{ title: page.title }] : [];
  const { seo, siteUrl } = root;
  const title = page.title ? seo.titleTemplate.replace('%s', page.title) : seo.defaultTitle;
  const description = page.description ?? seo.description;
  const image = page.image ?? seo.ogImage;
  const url = new URL(args.location.pathname, siteUrl).href;
  return [
    { title },
    { name: 'description', content: description },
    ...(page.noIndex
      ? [{ name: 'robots', content: 'noindex' }]
      : [{ tagName: 'link', rel: 'canonical', href: url }]),
    { property: 'og:site_name', content: seo.siteName },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: seo.locale },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: new URL(image.src, siteUrl).href },
    { property: 'og:image:width', content: String(image.width) },
    { property: 'og:image:height', content: String(image.height) },
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}
