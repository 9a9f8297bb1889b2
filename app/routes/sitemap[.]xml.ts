/**
 * `/sitemap.xml` from the catalogue: the home page, every shown category listing (not the `/…/all/` copies of
 * their parents), every visible product at its default colour and the help and legal pages of `content/`, as absolute URLs from PUBLIC_URL (else the
 * request's origin). Public like the catalogue it lists. One file holds up to 50,000 URLs; a larger catalogue
 * needs a sitemap index.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import type { CategoryNode } from '../../server/catalogue/index.server';
import { CACHE_CONTENT } from '../../server/web/cache.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { catalogue, config, content } = context.services;
  const siteUrl = config.publicUrl ?? new URL(request.url).origin;
  const [tree, productPaths] = await context.timing.measure('db', () =>
    Promise.all([catalogue.getCategoryTree(), catalogue.listSitemapProductPaths()]),
  );
  const categoryPaths: string[] = [];
  const visit = (nodes: readonly CategoryNode[]) => {
    for (const node of nodes) {
      if (!node.isVisible) continue;
      if (!node.isAllListing) categoryPaths.push(node.url);
      visit(node.children);
    }
  };
  visit(tree.roots);
  const contentPaths = content.pages().flatMap((page) => (page.kind === 'info' ? [page.path] : []));
  const urls = ['/', ...categoryPaths, ...productPaths, ...contentPaths].map(
    (path) => `  <url><loc>${escapeXml(new URL(path, siteUrl).href)}</loc></url>`,
  );
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE_CONTENT },
  });
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
