/**
 * `/robots.txt`: crawl the catalogue, not the personal, transactional or machine parts of the store, nor the
 * panel flags of SPEC §2 (`?login`, `?cart`, …), which render the same page with a panel open.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { CACHE_CONTENT } from '../../server/web/cache.server';

const DISALLOWED_PATHS = [
  '/account',
  '/api',
  '/apiwarehouse',
  '/idp',
  '/__static',
  '/search',
  '/promo-order',
  '/warranties/repair',
  '/cookie-settings',
];
const PANEL_FLAGS = ['login', 'logout', 'cart', 'create-an-account', 'reset-password'];

export function loader({ request, context }: LoaderFunctionArgs) {
  const siteUrl = context.services.config.publicUrl ?? new URL(request.url).origin;
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    ...PANEL_FLAGS.flatMap((flag) => [`Disallow: /*?${flag}=`, `Disallow: /*&${flag}=`]),
    '',
    `Sitemap: ${new URL('/sitemap.xml', siteUrl).href}`,
    '',
  ];
  return new Response(lines.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_CONTENT },
  });
}
